package cyq

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

// rankingQuery draws a query with several candidate plans on the random
// graph (labels A and B, relationship types T and U, id properties): a
// chain of one to three hops with labels, types and directions drawn, a
// filter on the ids at one end or the other (where it is, the cheap
// start is), and a result that counts rows, groups them or keeps them
// distinct.
func rankingQuery(r *rand.Rand) string {
	hops := 1 + r.IntN(3)
	label := func() string { return []string{"", ":A", ":B"}[r.IntN(3)] }
	var b strings.Builder
	b.WriteString("MATCH (n0" + label() + ")")
	for i := 1; i <= hops; i++ {
		typ := []string{"", ":T", ":U"}[r.IntN(3)]
		switch r.IntN(3) {
		case 0:
			fmt.Fprintf(&b, "-[%s]->", typ)
		case 1:
			fmt.Fprintf(&b, "<-[%s]-", typ)
		default:
			fmt.Fprintf(&b, "-[%s]-", typ)
		}
		fmt.Fprintf(&b, "(n%d%s)", i, label())
	}
	end := fmt.Sprintf("n%d", []int{0, hops}[r.IntN(2)])
	switch r.IntN(4) {
	case 0:
		fmt.Fprintf(&b, " WHERE %s.id = %d", end, r.IntN(800))
	case 1:
		fmt.Fprintf(&b, " WHERE %s.id < %d", end, 1+r.IntN(40))
	case 2:
		fmt.Fprintf(&b, " WHERE %s.id %% %d = 0", end, 2+r.IntN(20))
	}
	switch r.IntN(4) {
	case 0:
		b.WriteString(" RETURN count(*) AS c")
	case 1:
		fmt.Fprintf(&b, " RETURN n0.id %% 7 AS k, count(*) AS c")
	case 2:
		fmt.Fprintf(&b, " RETURN count(DISTINCT n%d) AS c", hops)
	default:
		fmt.Fprintf(&b, " RETURN DISTINCT n%d.id AS k", hops)
	}
	return b.String()
}

// rankingTestsQuery draws a query whose candidate plans differ in where
// its tests run: a scanned node filtered by two or three tests on its
// matches, some with an anchor's few neighbours as their set, some with
// most of the graph (a common relationship, negated; a degree; a test
// on the far node of every relationship), so that a plan may build each
// test's set, test each per row, or build some and probe the others on
// the rows those let through.
func rankingTestsQuery(r *rand.Rand) string {
	small := []string{"(n)-[:T]->(:A {id: %d})", "(:A {id: %d})-[:U]->(n)", "EXISTS { (n)<-[:T]-({id: %d}) }", "(n)-[:T]-(:A {id: %d})"}
	large := []string{"NOT (n)-[:U]->()", "(n)-[:T]-()", "NOT EXISTS { (n)<-[:T]-(:B) }", "COUNT { (n)-->() } >= 2", "EXISTS { (n)-[:T]->(x) WHERE x.id %% %d = 0 }", "NOT EXISTS { (n)<--(x) WHERE x.id > %d }"}
	draw := func(forms []string) string {
		f := forms[r.IntN(len(forms))]
		if strings.Contains(f, "%") {
			return fmt.Sprintf(f, 3*r.IntN(266))
		}
		return f
	}
	tests := []string{draw(small), draw(large)}
	if r.IntN(2) == 0 {
		tests = append(tests, draw(append(small, large...)))
	}
	r.Shuffle(len(tests), func(i, j int) { tests[i], tests[j] = tests[j], tests[i] })
	label := []string{"", ":A", ":B"}[r.IntN(3)]
	ret := []string{"RETURN count(n) AS c", "RETURN n.id %% 5 AS k, count(*) AS c", "RETURN collect(n.id) AS ids"}[r.IntN(3)]
	return fmt.Sprintf("MATCH (n%s) WHERE %s %s", label, strings.Join(tests, " AND "), strings.ReplaceAll(ret, "%%", "%"))
}

// TestPlanRanking compares the cost model's ranking of a query's
// candidate plans with the work they do. The candidates are the plans of
// the planner's variants (its own start or every pattern started at its
// last node; sets where the rules make them or rows only), all on one
// random graph; the work of a run is its VM steps, each weighed by the
// measured time of a step of its opcode family (stepNanos, see
// BenchmarkOpCosts): deterministic, so that the test is not a timed one.
// For each query the plan the model ranks first must do at most
// rankingFactor times the work of the candidate that does least, in all
// but rankingMisses of the queries; the distribution of the ratio is
// logged.
func TestPlanRanking(t *testing.T) {
	const (
		queries       = 200 // chains (rankingQuery)
		testQueries   = 100 // tests on a scanned node (rankingTestsQuery)
		rankingFactor = 3.0
		// The tests on a scanned node are held closer: where to run a
		// test is the choice the model makes there.
		testsFactor = 2.0
	)
	variants := map[string]*Options{"planned": nil, "start-last": {StartLast: true}, "row-mode": {RowModeOnly: true}, "row-mode-start-last": {RowModeOnly: true, StartLast: true}}
	dbs := planVariants(t, 22, 800, 3000, variants)
	names := make([]string, 0, len(dbs))
	for n := range dbs {
		names = append(names, n)
	}
	sort.Strings(names)
	r := rand.New(rand.NewPCG(22, 7))
	rt := rand.New(rand.NewPCG(22, 8))
	ctx := context.Background()
	var ratios, stepRatios, testRatios []float64
	var worst []string
	for q := 0; q < queries+testQueries; q++ {
		text := ""
		if q < queries {
			text = rankingQuery(r)
		} else {
			text = rankingTestsQuery(rt)
		}
		bestWork, bestSteps, pickCost := math.Inf(1), math.Inf(1), math.Inf(1)
		var pickWork, pickSteps float64
		var line []string
		for _, name := range names {
			steps, cost, _, err := ProfiledRun(ctx, dbs[name], text, nil)
			if err != nil {
				t.Fatalf("%s: %s: %v", name, text, err)
			}
			work := steps.Work()
			bestWork, bestSteps = math.Min(bestWork, work), math.Min(bestSteps, float64(steps.Total()))
			if cost < pickCost {
				pickCost, pickWork, pickSteps = cost, work, float64(steps.Total())
			}
			line = append(line, fmt.Sprintf("%s cost %.0f steps %d work %.0f", name, cost, steps.Total(), work))
		}
		ratio := pickWork / math.Max(bestWork, 1)
		ratios = append(ratios, ratio)
		if q >= queries {
			testRatios = append(testRatios, ratio)
		}
		stepRatios = append(stepRatios, pickSteps/math.Max(bestSteps, 1))
		if ratio > rankingFactor || q >= queries && ratio > testsFactor {
			worst = append(worst, fmt.Sprintf("%.1fx %s\n\t%s", ratio, text, strings.Join(line, "\n\t")))
		}
	}
	t.Logf("model's first plan / least work over %d queries: %s; by steps alone: %s; the %d queries of tests on a scanned node: %s",
		queries+testQueries, quantiles(ratios), quantiles(stepRatios), testQueries, quantiles(testRatios))
	for _, w := range worst {
		t.Logf("%s", w)
	}
	if len(worst) > rankingMisses {
		t.Errorf("%d of %d queries have the model's first plan doing over %.0fx (%.0fx for the tests on a scanned node) the least work of their candidates (allowed %d)", len(worst), queries+testQueries, rankingFactor, testsFactor, rankingMisses)
	}
}

// rankingMisses is the number of TestPlanRanking's queries allowed a first
// plan over the factor: the misses the measurement found, each a cause to
// fix (see the log).
const rankingMisses = 0

// quantiles renders the median, 90th percentile and maximum of xs.
func quantiles(xs []float64) string {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	at := func(p float64) float64 { return s[min(len(s)-1, int(p*float64(len(s))))] }
	return fmt.Sprintf("median %.2f, p90 %.2f, max %.2f", at(0.5), at(0.9), s[len(s)-1])
}
