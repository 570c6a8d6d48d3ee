package conformance

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// Phase names used in expected errors.
const (
	PhaseCompileTime = "compile time"
	PhaseRuntime     = "runtime"
	PhaseAnyTime     = "any time" // matches either phase
)

// Wildcards in expected errors.
const (
	AnyErrorType   = "Error" // as the type: any error type
	AnyErrorDetail = "*"     // as the detail: any detail code
)

// ErrorSpec is an expected error: `a <Type> should be raised at <Phase>: <Detail>`.
type ErrorSpec struct {
	Type   string
	Phase  string
	Detail string
}

// String renders the expectation as "Type at phase: Detail".
func (e ErrorSpec) String() string {
	return fmt.Sprintf("%s at %s: %s", e.Type, e.Phase, e.Detail)
}

var errorStepRE = regexp.MustCompile(`^an? (\S+) should be raised at (compile time|runtime|any time): (\S+)$`)

// ParseErrorStep parses the text of an error step (after "Then "), e.g.
// "a SyntaxError should be raised at compile time: UndefinedVariable".
func ParseErrorStep(text string) (ErrorSpec, bool) {
	m := errorStepRE.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return ErrorSpec{}, false
	}
	return ErrorSpec{Type: m[1], Phase: m[2], Detail: m[3]}, true
}

// Check compares an engine error with the expectation. It returns "" when it
// matches, else why not. Type, phase and detail are compared separately,
// each with its wildcard. The type wildcard Error accepts any *cyqerr.Error
// except an InternalError (a bug is never the expected outcome); an error
// that is not a *cyqerr.Error matches nothing.
func (e ErrorSpec) Check(err error) string {
	ce := cyqerr.As(err)
	if ce == nil {
		return fmt.Sprintf("expected %s, got an unclassified error (not a *cyqerr.Error): %v", e, err)
	}
	got := DescribeError(ce)
	var wrong []string
	if e.Type == AnyErrorType {
		if ce.Type == cyqerr.Internal {
			wrong = append(wrong, "type")
		}
	} else if string(ce.Type) != e.Type {
		wrong = append(wrong, "type")
	}
	if e.Phase != PhaseAnyTime && ce.Phase.String() != e.Phase {
		wrong = append(wrong, "phase")
	}
	if e.Detail != AnyErrorDetail && ce.Detail != e.Detail {
		wrong = append(wrong, "detail")
	}
	if len(wrong) == 0 {
		return ""
	}
	return fmt.Sprintf("expected %s, got %s (wrong %s)", e, got, strings.Join(wrong, ", "))
}

// DescribeError renders an engine error as "Type at phase: Detail (message)".
func DescribeError(err error) string {
	ce := cyqerr.As(err)
	if ce == nil {
		return err.Error()
	}
	detail := ce.Detail
	if detail == "" {
		detail = "(no detail)"
	}
	return fmt.Sprintf("%s at %s: %s (%s)", ce.Type, ce.Phase, detail, oneLine(ce.Message))
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// SideEffectKeys are the side-effect counters in their canonical order.
var SideEffectKeys = [...]string{"+nodes", "-nodes", "+relationships", "-relationships", "+properties", "-properties", "+labels", "-labels"}

// SideEffects holds the counters, indexed like SideEffectKeys.
type SideEffects [len(SideEffectKeys)]int

// String lists the non-zero counters, e.g. "+nodes 1, -labels 1", or "none".
func (s SideEffects) String() string {
	var parts []string
	for i, n := range s {
		if n != 0 {
			parts = append(parts, fmt.Sprintf("%s %d", SideEffectKeys[i], n))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func parseSideEffects(table [][]string) (SideEffects, error) {
	var s SideEffects
	seen := map[string]bool{}
	for _, row := range table {
		if len(row) != 2 {
			return s, fmt.Errorf("side effects: row %v does not have 2 cells", row)
		}
		idx := -1
		for i, k := range SideEffectKeys {
			if k == row[0] {
				idx = i
			}
		}
		if idx < 0 {
			return s, fmt.Errorf("side effects: unknown key %q", row[0])
		}
		if seen[row[0]] {
			return s, fmt.Errorf("side effects: key %q listed twice", row[0])
		}
		seen[row[0]] = true
		n, err := strconv.Atoi(row[1])
		if err != nil || n < 0 {
			return s, fmt.Errorf("side effects: %s: bad count %q", row[0], row[1])
		}
		s[idx] = n
	}
	return s, nil
}

// ComputeSideEffects counts the lasting changes between two states, as the
// TCK defines them: nodes and relationships by ID (present after and not
// before, and the reverse); properties as (owner, key, value) triples, so a
// changed value counts one - and one +; labels as the set of label names in
// use anywhere, so only names that appear or disappear count.
func ComputeSideEffects(before, after GraphState) SideEffects {
	var s SideEffects
	bn, an := nodeProps(before), nodeProps(after)
	s[0], s[1] = added(bn, an), added(an, bn)
	br, ar := relProps(before), relProps(after)
	s[2], s[3] = added(br, ar), added(ar, br)
	bp, ap := propTriples(bn, br), propTriples(an, ar)
	s[4], s[5] = addedProps(bp, ap), addedProps(ap, bp)
	bl, al := before.LabelsInUse(), after.LabelsInUse()
	for l := range al {
		if !bl[l] {
			s[6]++
		}
	}
	for l := range bl {
		if !al[l] {
			s[7]++
		}
	}
	return s
}

func nodeProps(st GraphState) map[uint64]value.Map {
	m := make(map[uint64]value.Map, len(st.Nodes))
	for _, n := range st.Nodes {
		m[uint64(n.ID)] = n.Props
	}
	return m
}

func relProps(st GraphState) map[uint64]value.Map {
	m := make(map[uint64]value.Map, len(st.Rels))
	for _, r := range st.Rels {
		m[r.ID] = r.Props
	}
	return m
}

// added counts the IDs in b that are not in a.
func added(a, b map[uint64]value.Map) int {
	n := 0
	for id := range b {
		if _, ok := a[id]; !ok {
			n++
		}
	}
	return n
}

type propOwner struct {
	rel bool
	id  uint64
	key string
}

func propTriples(nodes, rels map[uint64]value.Map) map[propOwner]string {
	t := map[propOwner]string{}
	add := func(rel bool, owners map[uint64]value.Map) {
		for id, props := range owners {
			for k, v := range props {
				if !value.IsNull(v) {
					t[propOwner{rel, id, k}] = Canonical(v, false)
				}
			}
		}
	}
	add(false, nodes)
	add(true, rels)
	return t
}

// addedProps counts the triples in b that are not in a.
func addedProps(a, b map[propOwner]string) int {
	n := 0
	for k, v := range b {
		if old, ok := a[k]; !ok || old != v {
			n++
		}
	}
	return n
}
