package planner

import (
	"math"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/value"
)

// usersStats is fakeStats with :User(id) values spread evenly over
// 0..79,999, as the statistics' sample reports them.
type usersStats struct{ fakeStats }

func (usersStats) ValueFraction(label, key, op string, v value.Value) float64 {
	n, ok := v.(value.Int)
	if label != "User" || key != "id" || !ok {
		return -1
	}
	below := math.Min(1, math.Max(0, float64(n)/80000)) // share under n
	switch op {
	case "<", "<=":
		return below
	case ">", ">=":
		return 1 - below
	}
	return -1
}

// startVar is the variable the plan's first pipeline binds first.
func startVar(c *Compiled) string {
	for _, op := range c.Plan.Pipelines[0].Ops {
		if v := newNodeVar(op); v != "" {
			return v
		}
	}
	return ""
}

// TestRangeStartInvariant: of two ends with ranges on an index, the one
// whose range the statistics show narrower is the start, however the
// pattern is written (direction, order of the ends, one MATCH or two),
// and the plans cost the same.
func TestRangeStartInvariant(t *testing.T) {
	for _, c := range []struct {
		where, want string
	}{
		{"a.id < 500 AND b.id > 90000", "b"}, // b's range is empty
		{"a.id < 500 AND b.id > 70000", "a"},
		{"a.id > 79990 AND b.id < 40000", "a"},
		{"a.id >= 100 AND a.id < 200 AND b.id < 1000", "a"}, // both bounds count
	} {
		var costs []float64
		for _, pat := range []string{
			"MATCH (a:User)-[:LINKS]->(b:User) WHERE %s",
			"MATCH (b:User)<-[:LINKS]-(a:User) WHERE %s",
			"MATCH (a:User) MATCH (a)-[:LINKS]->(b:User) WHERE %s",
			"MATCH (b:User) MATCH (b)<-[:LINKS]-(a:User) WHERE %s",
		} {
			q := strings.Replace(pat, "%s", c.where, 1) + " RETURN count(*) AS n"
			comp := compileWith(t, usersStats{}, q)
			if got := startVar(comp); got != c.want {
				t.Errorf("%s: starts at %s, want %s\n%s", q, got, c.want, comp.Plan.Explain())
			}
			costs = append(costs, comp.Cost)
		}
		for _, k := range costs[1:] {
			if math.Abs(k-costs[0]) > 1e-6*costs[0] {
				t.Errorf("%s: plans cost %v", c.where, costs)
				break
			}
		}
	}
}

// TestRangeSeekRows: the rows of a range seek are the statistics' share
// of the label's nodes in the range, at least one; a fixed fraction where
// they know nothing.
func TestRangeSeekRows(t *testing.T) {
	b := &builder{stats: usersStats{}}
	lit := func(n int64) *ast.Literal { return &ast.Literal{Kind: ast.LitInt, Int: n} }
	for _, c := range []struct {
		seek logical.NodeRangeSeek
		want float64
	}{
		{logical.NodeRangeSeek{Label: "User", Key: "id", Hi: lit(800)}, 800},
		{logical.NodeRangeSeek{Label: "User", Key: "id", Lo: lit(100000)}, 1},
		{logical.NodeRangeSeek{Label: "User", Key: "id", Lo: lit(1000), Hi: lit(3000)}, 2000},
		{logical.NodeRangeSeek{Label: "User", Key: "id", Lo: lit(3000), Hi: lit(1000)}, 1},
		{logical.NodeRangeSeek{Label: "User", Key: "name", Hi: lit(3000)}, 80000 * rangeSelectivity},
		{logical.NodeRangeSeek{Label: "User", Key: "id", Lo: lit(1), Prefix: true}, 80000 * propertySelectivity},
	} {
		if got := b.rangeSeekRows(c.seek); math.Abs(got-c.want) > 1e-6*c.want {
			t.Errorf("%s: %v rows, want %v", c.seek.Detail(), got, c.want)
		}
	}
}
