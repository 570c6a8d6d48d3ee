package logical

import (
	"fmt"
	"strings"
)

// Mode is how an operator executes.
type Mode uint8

// Modes.
const (
	RowMode Mode = iota // one binding at a time
	SetMode             // roaring-bitmap frontier, set at a time
)

func (m Mode) String() string {
	if m == SetMode {
		return "set"
	}
	return "row"
}

// Plan is a whole statement's plan.
type Plan struct {
	Pipelines []*Pipeline
	UnionAll  []bool // between pipelines
	Columns   []string
	Writes    bool
	// Working is set when the plan is a GraphProgram statement.
	Working *WorkingApply
}

// Pipeline is one linear chain of operators.
type Pipeline struct {
	Ops []Op
	// Est[i] is the estimated number of rows leaving Ops[i].
	Est []float64
}

// Explain renders the plan as an indented tree, the last operator on top
// as usual for query plans.
func (p *Plan) Explain() string {
	return p.Render(func(pipeline, op int) string {
		pl := p.Pipelines[pipeline]
		if op < len(pl.Est) {
			return "est. rows " + FormatEstimate(pl.Est[op])
		}
		return ""
	})
}

// Render renders the plan tree like Explain, with annot(pipeline, op)
// in parentheses after each operator (nothing when it returns "").
func (p *Plan) Render(annot func(pipeline, op int) string) string {
	var b strings.Builder
	base := ""
	if p.Working != nil {
		fmt.Fprintf(&b, "+%s %s\n", p.Working.Name(), p.Working.Detail())
		base = "  "
	}
	for i, pl := range p.Pipelines {
		if i > 0 {
			b.WriteString(base)
			if p.UnionAll[i-1] {
				b.WriteString("UNION ALL\n")
			} else {
				b.WriteString("UNION\n")
			}
		}
		for j := len(pl.Ops) - 1; j >= 0; j-- {
			indent := base + strings.Repeat("  ", len(pl.Ops)-1-j)
			fmt.Fprintf(&b, "%s+%s", indent, pl.Ops[j].String())
			if a := annot(i, j); a != "" {
				fmt.Fprintf(&b, " (%s)", a)
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// FormatEstimate renders an estimated row count: whole rows, or
// thousands (k) and millions (M) with one decimal.
func FormatEstimate(f float64) string {
	switch {
	case f >= 1e6:
		return fmt.Sprintf("%.1fM", f/1e6)
	case f >= 1e4:
		return fmt.Sprintf("%.1fk", f/1e3)
	}
	return fmt.Sprintf("%.0f", f)
}
