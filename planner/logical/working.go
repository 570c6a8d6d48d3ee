package logical

import (
	"fmt"
	"strings"
)

// CollectGraph ends a GraphProgram statement's pipeline in place of Emit:
// every node, relationship and path of its rows joins the statement's
// result R (relationships bring their end nodes, paths are flattened).
type CollectGraph struct {
	Columns []string
}

var _ Op = (*CollectGraph)(nil)

// Name implements Op.
func (CollectGraph) Name() string { return "CollectGraph" }

// String implements Op.
func (o CollectGraph) String() string { return format(o) }

// Breaker implements Op.
func (CollectGraph) Breaker() bool { return false }

// Children implements Op: CollectGraph owns no pipelines.
func (CollectGraph) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o CollectGraph) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o CollectGraph) Detail() string { return "R += " + strings.Join(o.Columns, ", ") }

// WorkingSeek binds Var to the nodes of the working graph W named by the
// key list Param ($W_IDS): a semi-join with W's node set. ElementIDs is
// `elementId(n) IN $W_IDS`; otherwise Key is the graph's key property
// (`n.<key> IN $W_IDS`).
type WorkingSeek struct {
	Var, Param string
	ElementIDs bool
	Key        string
	// Nodes binds Var to W's node set itself (the graph's nodes among
	// them): a statement whose result W is restricted to, seeded by W.
	Nodes bool
}

var _ Op = (*WorkingSeek)(nil)

// Name implements Op.
func (WorkingSeek) Name() string { return "WorkingSeek" }

// String implements Op.
func (o WorkingSeek) String() string { return format(o) }

// Breaker implements Op.
func (WorkingSeek) Breaker() bool { return false }

// Children implements Op: WorkingSeek owns no pipelines.
func (WorkingSeek) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o WorkingSeek) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o WorkingSeek) Detail() string {
	if o.Nodes {
		return fmt.Sprintf("%s: the nodes of W, seed of a statement W is restricted to", o.Var)
	}
	if o.ElementIDs {
		return fmt.Sprintf("%s: elementId(%s) IN $%s, semi-join with W", o.Var, o.Var, o.Param)
	}
	return fmt.Sprintf("%s: %s.%s IN $%s, semi-join with W", o.Var, o.Var, o.Key, o.Param)
}

// WorkingApply is the last operator of a GraphProgram statement: when the
// pipelines have filled R, W = W op R (bitmap algebra on the node set, the
// link set filtered by it).
type WorkingApply struct {
	Op    byte
	Limit int // nodes collected at most (0: no bound)
}

// Name is the operator's name in EXPLAIN.
func (WorkingApply) Name() string { return "WorkingApply" }

// Detail describes the operator.
func (o WorkingApply) Detail() string {
	var what string
	switch o.Op {
	case '+':
		what = "W = W ∪ R"
	case '-':
		what = "W = W \\ R"
	case '&':
		what = "W = W ∩ R"
	case '?':
		what = "W = W ∪ R when R is not empty"
	case '!':
		what = "W = W ∪ R; abort when R is empty"
	default:
		what = fmt.Sprintf("operator %q", o.Op)
	}
	if o.Limit > 0 {
		what += fmt.Sprintf(", at most %d nodes", o.Limit)
	}
	return what
}

// Program is a GraphProgram lowered to logical plans: its statements in
// order, each a query plan ending in WorkingApply, an endpoint feeding
// WorkingApply, or a test of W choosing a branch.
type Program struct {
	Name  string
	Steps []*Step
	// Operations counts the operations (a conditional counts its longer
	// branch).
	Operations int
}

// Step kinds.
const (
	StepCypher      = "cypher"
	StepAPI         = "api"
	StepConditional = "conditional"
)

// Step is one statement of a lowered program.
type Step struct {
	Path  string // "2", "2.then.0"
	Op    byte   // the statement's W operator
	Label string
	Kind  string

	Query string // StepCypher: the query text
	Plan  *Plan  // StepCypher: its plan, ending in WorkingApply

	Endpoint string   // StepAPI: the endpoint's path
	Queries  []string // StepAPI: the engine queries it runs

	Test       string // StepConditional: the test of W, e.g. "count_gte 5"
	Then, Else []*Step
}

// Explain renders the program: each statement with its plan, conditionals'
// branches indented. annot annotates a Cypher step's operators like
// Plan.Render (nil: estimated rows).
func (p *Program) Explain() string {
	var b strings.Builder
	name := p.Name
	if name == "" {
		name = "(unnamed)"
	}
	fmt.Fprintf(&b, "program %s: %d statements, %d operations\n", name, len(p.Steps), p.Operations)
	var walk func(steps []*Step, indent string)
	walk = func(steps []*Step, indent string) {
		for _, s := range steps {
			label := ""
			if s.Label != "" {
				label = " (" + s.Label + ")"
			}
			switch s.Kind {
			case StepCypher:
				fmt.Fprintf(&b, "%s%s %c cypher%s: %s\n", indent, s.Path, s.Op, label, s.Query)
				if s.Plan != nil {
					for _, l := range strings.Split(strings.TrimRight(s.Plan.Explain(), "\n"), "\n") {
						fmt.Fprintf(&b, "%s    %s\n", indent, l)
					}
				}
			case StepAPI:
				fmt.Fprintf(&b, "%s%s %c api %s%s\n", indent, s.Path, s.Op, s.Endpoint, label)
				fmt.Fprintf(&b, "%s    +%s %s\n", indent, WorkingApply{Op: s.Op}.Name(), WorkingApply{Op: s.Op}.Detail())
				fmt.Fprintf(&b, "%s      +Endpoint %s\n", indent, s.Endpoint)
				for _, q := range s.Queries {
					fmt.Fprintf(&b, "%s        %s\n", indent, q)
				}
			case StepConditional:
				fmt.Fprintf(&b, "%s%s %c conditional%s: if %s on W\n", indent, s.Path, s.Op, label, s.Test)
				walk(s.Then, indent+"  ")
				walk(s.Else, indent+"  ")
			}
		}
	}
	walk(p.Steps, "")
	return b.String()
}
