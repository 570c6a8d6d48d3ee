package conformance

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
)

// Expectations is the committed list of scenarios that are expected not to
// pass, keyed by Scenario.Key, each with its reason. The file format is one
// entry per line,
//
//	<feature path> :: <full title> :: row <N> | <reason>
//
// where N is the 1-based Examples row of an outline and 0 for a plain
// Scenario, and the reason is "<class>: <details>" (see ReasonClass): a
// skipped scenario's reason has the class "skipped", any other class means
// the scenario is expected to fail. Blank lines and lines starting with '#'
// are comments.
type Expectations map[string]string

var expectationRE = regexp.MustCompile(`^(.*? :: row \d+) \| (.*)$`)

// ParseExpectations reads an expectations file.
func ParseExpectations(r io.Reader) (Expectations, error) {
	exp := Expectations{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		m := expectationRE.FindStringSubmatch(text)
		if m == nil || strings.TrimSpace(m[2]) == "" {
			return nil, fmt.Errorf("conformance: expectations line %d: want `<feature> :: <title> :: row <N> | <reason>`, got %q", line, text)
		}
		if _, dup := exp[m[1]]; dup {
			return nil, fmt.Errorf("conformance: expectations line %d: %q listed twice", line, m[1])
		}
		exp[m[1]] = strings.TrimSpace(m[2])
	}
	return exp, sc.Err()
}

// Problem is a disagreement between a run and the expectations.
type Problem struct {
	Key    string
	Reason string // what is wrong
}

// String renders the problem as "key: reason".
func (p Problem) String() string { return p.Key + ": " + p.Reason }

// Check compares outcomes with the expectations and returns every
// disagreement, in outcome order then key order: a scenario that failed
// without being listed, a listed scenario that passed (remove it: the list
// only shrinks), a skipped scenario that is not listed as skipped or the
// reverse, and listed keys that no scenario has.
func (e Expectations) Check(outcomes []Outcome) []Problem {
	var problems []Problem
	seen := map[string]bool{}
	for _, o := range outcomes {
		key := o.Scenario.Key()
		seen[key] = true
		reason, listed := e[key]
		listedSkip := listed && ReasonClass(reason) == ClassSkipped
		switch o.Status {
		case Passed:
			if listed {
				problems = append(problems, Problem{key, fmt.Sprintf("passes now but is listed (%q): remove it from the expectations", reason)})
			}
		case Failed:
			switch {
			case !listed:
				problems = append(problems, Problem{key, "fails and is not listed: " + o.Reason})
			case listedSkip:
				problems = append(problems, Problem{key, "listed as skipped but was run and failed: " + o.Reason})
			}
		case Skipped:
			if !listedSkip {
				problems = append(problems, Problem{key, "is skipped (" + o.Reason + ") but not listed as skipped"})
			}
		}
	}
	var stale []string
	for key := range e {
		if !seen[key] {
			stale = append(stale, key)
		}
	}
	sort.Strings(stale)
	for _, key := range stale {
		problems = append(problems, Problem{key, "listed but no such scenario was run"})
	}
	return problems
}

// MaxReasonLength bounds reasons written by Update.
const MaxReasonLength = 200

// Update returns the expectations for a run: every failing or skipped
// scenario, keeping the existing reason where the scenario still fails (or
// is still skipped) with the same reason class, and the runner's reason,
// truncated to MaxReasonLength, otherwise.
func (e Expectations) Update(outcomes []Outcome) Expectations {
	next := Expectations{}
	for _, o := range outcomes {
		if o.Status == Passed {
			continue
		}
		key := o.Scenario.Key()
		if old, ok := e[key]; ok && ReasonClass(old) == ReasonClass(o.Reason) {
			next[key] = old
			continue
		}
		next[key] = truncate(oneLine(o.Reason), MaxReasonLength)
	}
	return next
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-3]) + "..."
}

// ExpectationsHeader is written at the top of an expectations file.
const ExpectationsHeader = `# Scenarios of the openCypher TCK corpus that are expected not to pass.
#
# One line per scenario: <feature path> :: <full title> :: row <N> | <reason>
# (N is the 1-based Examples row of a Scenario Outline, 0 for a plain Scenario).
# A reason is "<class>: <details>"; the class "skipped" marks a scenario the
# runner does not run (e.g. @ignore), any other class an expected failure.
# The corpus test fails when a scenario fails without being listed here and
# when a listed scenario passes, so this list only ever shrinks. Regenerate it
# with: go test ./conformance -run TestCorpus -update
# (reasons you edit are kept while the scenario fails with the same class).
`

// Write writes the expectations, one line per entry, in the order of
// outcomes (corpus order); entries for keys that are not among outcomes
// follow in key order.
func (e Expectations) Write(w io.Writer, outcomes []Outcome) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(ExpectationsHeader)
	bw.WriteString("\n")
	done := map[string]bool{}
	for _, o := range outcomes {
		key := o.Scenario.Key()
		if reason, ok := e[key]; ok && !done[key] {
			fmt.Fprintf(bw, "%s | %s\n", key, reason)
			done[key] = true
		}
	}
	var rest []string
	for key := range e {
		if !done[key] {
			rest = append(rest, key)
		}
	}
	sort.Strings(rest)
	for _, key := range rest {
		fmt.Fprintf(bw, "%s | %s\n", key, e[key])
	}
	return bw.Flush()
}
