package planner

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// TestStartTieInvariant: where two nodes of a pattern chain cost the same
// to start from, the start does not depend on the order the chain is
// written in. Random chains of two to four named nodes (labelled or not,
// with an inline property or not), random types and directions, are
// planned as written and reversed (nodes in the other order, each
// relationship's direction flipped); both forms must start at the same
// variable. (Anonymous nodes that tie keep the written order.)
func TestStartTieInvariant(t *testing.T) {
	rng := rand.New(rand.NewSource(14))
	names := []string{"a", "b", "c", "d", "x", "m", "n", "p"}
	for iter := 0; iter < 300; iter++ {
		k := 2 + rng.Intn(3)
		perm := rng.Perm(len(names))
		nodes := make([]string, k)
		for i := range nodes {
			v := names[perm[i]]
			label := ""
			switch rng.Intn(3) {
			case 0:
				label = ":Person"
			case 1:
				label = ":City"
			}
			props := ""
			if rng.Intn(4) == 0 {
				props = " {age: 30}"
			}
			nodes[i] = v + label + props
		}
		type rel struct {
			typ string
			out bool
		}
		rels := make([]rel, k-1)
		for i := range rels {
			rels[i] = rel{[]string{"", ":LINKS", ":KNOWS"}[rng.Intn(3)], rng.Intn(2) == 0}
		}
		chain := func(from, to int) string {
			var b strings.Builder
			step := 1
			if to < from {
				step = -1
			}
			for i := from; ; i += step {
				fmt.Fprintf(&b, "(%s)", nodes[i])
				if i == to {
					break
				}
				r := rels[min(i, i+step)]
				out := r.out == (step > 0)
				if out {
					fmt.Fprintf(&b, "-[%s]->", r.typ)
				} else {
					fmt.Fprintf(&b, "<-[%s]-", r.typ)
				}
			}
			return b.String()
		}
		forms := []string{
			"MATCH " + chain(0, k-1),
			"MATCH " + chain(k-1, 0),
		}
		var got []string
		for _, f := range forms {
			q := f + " RETURN count(*) AS n"
			got = append(got, scanVar(compileWith(t, fakeStats{}, q)))
		}
		for i, g := range got[1:] {
			if g != got[0] {
				t.Errorf("%s starts at %q, %s at %q", forms[0], got[0], forms[i+1], g)
				break
			}
		}
	}
}

// scanVar is the variable of the plan's first scan or seek.
func scanVar(c *Compiled) string {
	for _, op := range c.Plan.Pipelines[0].Ops {
		if v := newNodeVar(op); v != "" {
			return v
		}
	}
	return ""
}
