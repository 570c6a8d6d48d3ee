package conformance

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/cyqdb/cyq/value"
)

// opKind is the kind of one compiled step.
type opKind uint8

const (
	opGraph       opKind = iota // start from a graph: graph "" is empty, else a named graph
	opSetup                     // run query as setup ("having executed")
	opParams                    // add params
	opProcedure                 // register proc
	opQuery                     // the query under test; records the side-effect baseline
	opControl                   // a control query
	opExpectRows                // compare the last result with cols/rows
	opExpectEmpty               // the last result has no columns and no rows
	opExpectError               // the last query failed with err
	opSideEffects               // compare the state now with the baseline
)

// op is one compiled step.
type op struct {
	kind   opKind
	line   int
	text   string // the step as written, for messages
	query  string
	graph  string
	params map[string]value.Value
	proc   *Procedure

	cols            []string
	rows            [][]value.Value
	order           RowOrder
	ignoreListOrder bool

	err     ErrorSpec
	effects SideEffects
}

// plan is a compiled scenario: every table, value, signature and error
// expectation parsed and the step order checked, before anything runs.
type plan struct {
	ops []op
}

var (
	namedGraphRE = regexp.MustCompile(`^the (\S+) graph$`)
	procedureRE  = regexp.MustCompile(`^there exists a procedure (.*?)\s*:$`)
)

// resultSteps maps the result step texts to how rows are compared.
var resultSteps = map[string]struct {
	order           RowOrder
	ignoreListOrder bool
}{
	"the result should be, in any order:":                                {AnyOrder, false},
	"the result should be, in order:":                                    {InOrder, false},
	"the result should be (ignoring element order for lists):":           {AnyOrder, true},
	"the result should be, in order (ignoring element order for lists):": {InOrder, true},
}

func isResultStep(text string) bool {
	_, ok := resultSteps[text]
	return ok
}

// compile turns a scenario's steps into a plan, checking that every step is
// one the TCK defines, that its argument is well formed, and that the steps
// come in a sensible order (a graph first, one query under test, checks
// after a query, side effects before any control query).
func compile(s *Scenario) (*plan, error) {
	p := &plan{}
	var (
		haveGraph, haveQuery, haveControl, haveEffects bool
		lastIsQuery                                    bool
	)
	for _, st := range s.Steps {
		o := op{line: st.Line, text: strings.TrimSpace(st.Keyword + " " + st.Text)}
		bad := func(format string, args ...any) error {
			return fmt.Errorf("line %d: %q: %s", st.Line, o.text, fmt.Sprintf(format, args...))
		}
		needDoc := func() (string, error) {
			if st.DocString == nil {
				return "", bad("needs a doc string")
			}
			return *st.DocString, nil
		}
		text := strings.TrimSpace(st.Text)
		switch {
		case text == "an empty graph" || text == "any graph" || namedGraphRE.MatchString(text):
			if haveGraph || haveQuery || len(p.ops) > 0 {
				return nil, bad("the graph must be given first, once")
			}
			haveGraph = true
			o.kind = opGraph
			if m := namedGraphRE.FindStringSubmatch(text); m != nil {
				o.graph = m[1]
			}
		case text == "having executed:":
			if haveQuery {
				return nil, bad("setup after the query under test")
			}
			q, err := needDoc()
			if err != nil {
				return nil, err
			}
			o.kind, o.query = opSetup, q
		case text == "parameters are:":
			o.kind = opParams
			o.params = map[string]value.Value{}
			if len(st.Table) == 0 {
				return nil, bad("needs a table")
			}
			for _, row := range st.Table {
				if len(row) != 2 {
					return nil, bad("parameter row %v does not have 2 cells", row)
				}
				v, err := ParseValue(row[1])
				if err != nil {
					return nil, bad("parameter %s: %v", row[0], err)
				}
				o.params[row[0]] = v
			}
		case procedureRE.MatchString(text):
			sig, err := ParseProcedureSignature(procedureRE.FindStringSubmatch(text)[1])
			if err != nil {
				return nil, bad("%v", err)
			}
			if o.proc, err = newProcedure(sig, st.Table); err != nil {
				return nil, bad("%v", err)
			}
			o.kind = opProcedure
		case text == "executing query:":
			if haveQuery {
				return nil, bad("a second query under test")
			}
			q, err := needDoc()
			if err != nil {
				return nil, err
			}
			o.kind, o.query = opQuery, q
			haveQuery = true
		case text == "executing control query:":
			if !haveQuery {
				return nil, bad("a control query before the query under test")
			}
			q, err := needDoc()
			if err != nil {
				return nil, err
			}
			o.kind, o.query = opControl, q
			haveControl = true
		case text == "the result should be empty":
			o.kind = opExpectEmpty
		case isResultStep(text):
			mode := resultSteps[text]
			o.kind, o.order, o.ignoreListOrder = opExpectRows, mode.order, mode.ignoreListOrder
			if len(st.Table) == 0 {
				return nil, bad("needs a table with a header row")
			}
			o.cols = st.Table[0]
			for _, cells := range st.Table[1:] {
				if len(cells) != len(o.cols) {
					return nil, bad("row %v has %d cells for %d columns", cells, len(cells), len(o.cols))
				}
				row, err := parseCells(cells)
				if err != nil {
					return nil, bad("%v", err)
				}
				o.rows = append(o.rows, row)
			}
		case strings.Contains(text, " should be raised at "):
			spec, ok := ParseErrorStep(text)
			if !ok {
				return nil, bad("malformed error expectation")
			}
			o.kind, o.err = opExpectError, spec
		case text == "the side effects should be:" || text == "no side effects":
			if !haveQuery || haveControl {
				return nil, bad("side effects must follow the query under test and precede any control query")
			}
			if haveEffects {
				return nil, bad("side effects checked twice")
			}
			haveEffects = true
			o.kind = opSideEffects
			if text != "no side effects" {
				if len(st.Table) == 0 {
					return nil, bad("needs a table")
				}
				var err error
				if o.effects, err = parseSideEffects(st.Table); err != nil {
					return nil, bad("%v", err)
				}
			}
		default:
			return nil, bad("unknown step")
		}
		switch o.kind {
		case opExpectRows, opExpectEmpty, opExpectError:
			if !lastIsQuery {
				return nil, bad("a result check that does not follow a query")
			}
			lastIsQuery = false
		case opQuery, opControl:
			lastIsQuery = true
		}
		p.ops = append(p.ops, o)
	}
	if !haveQuery {
		return nil, fmt.Errorf("no query under test (When executing query:)")
	}
	if lastIsQuery {
		return nil, fmt.Errorf("the last query has no result check")
	}
	return p, nil
}
