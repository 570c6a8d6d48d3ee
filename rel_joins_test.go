package cyq

import (
	"fmt"
	"strings"
	"testing"
)

// TestRelationshipJoinsAgree: MATCH clauses joined through relationships
// (a relationship variable named in both, startNode/endNode of one equal
// to a node of the other, a node equal to a node, relationship ids
// compared) return the same rows in either clause order, with either
// direction written, as planned in written order (start last, row mode);
// and the forms of one join (startNode(s) = b, c = b, id(c) = id(b), the
// shared variable b) plan to costs within 4x of each other in either
// order (their estimates differ by the rows a seek by id is taken to
// keep), on random graphs.
func TestRelationshipJoinsAgree(t *testing.T) {
	t.Parallel()
	// Each join is two clauses and a WHERE; %s is where the seek value goes.
	joins := []struct {
		name    string
		first   string // the clause with the seek
		second  string
		where   string
		sameAll bool // its forms are one join: their costs must agree
	}{
		{"shared-rel", "(a:A {id: %s})-[r]->(b)", "(c)-[r]->(d)", "", false},
		{"shared-rel-flipped", "(a:A {id: %s})-[r]->(b)", "(d)<-[r]-(c)", "", false},
		{"start-node", "(a:A {id: %s})-[r]->(b)", "(c)-[s]->(d)", "startNode(s) = b", true},
		{"start-node-flipped", "(a:A {id: %s})-[r]->(b)", "(d)<-[s]-(c)", "b = startNode(s)", true},
		{"end-node", "(a:A {id: %s})-[r]->(b)", "(d)-[s]->(c)", "endNode(s) = b", true},
		{"node-eq", "(a:A {id: %s})-[r]->(b)", "(c)-[s]->(d)", "c = b", true},
		{"id-eq", "(a:A {id: %s})-[r]->(b)", "(c)-[s]->(d)", "id(c) = id(b)", true},
		{"shared-node", "(a:A {id: %s})-[r]->(b)", "(b)-[s]->(d)", "", true},
		{"rel-ids", "(a:A {id: %s})-[r]->(b)", "(c)-[s]->(d)", "id(r) < id(s) AND d.id < 9", false},
		{"undirected", "(a:A {id: %s})-[r]->(b)", "(c)-[s]-(d)", "startNode(s) = b", false},
	}
	dbs := planVariants(t, 57, 60, 200, cheapestLastRowMode)
	for _, seek := range []string{"3", "6", "999"} {
		var lo, hi float64
		var loQ, hiQ string
		for _, j := range joins {
			first := "MATCH " + fmt.Sprintf(j.first, seek)
			second := "MATCH " + j.second
			where := ""
			if j.where != "" {
				where = " WHERE " + j.where
			}
			ret := " RETURN a.id, b.id, d.id, count(*) AS n"
			var costs []float64
			for _, q := range []string{first + " " + second + where + ret, second + " " + first + where + ret} {
				want := canonical(mustRun(t, dbs["last,row-mode"], q, nil))
				if got := canonical(mustRun(t, dbs["cheapest"], q, nil)); fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("%s: %v, written order %v", q, got, want)
				}
				c, err := dbs["cheapest"].Compile(q)
				if err != nil {
					t.Fatal(err)
				}
				costs = append(costs, c.Cost)
				if j.sameAll {
					if lo == 0 || c.Cost < lo {
						lo, loQ = c.Cost, q
					}
					if c.Cost > hi {
						hi, hiQ = c.Cost, q
					}
				}
			}
			if !strings.HasPrefix(j.name, "rel-ids") && !strings.HasPrefix(j.name, "undirected") && costs[0] != costs[1] {
				t.Errorf("%s, id %s: the two clause orders plan to costs %v", j.name, seek, costs)
			}
		}
		if hi > 4*lo {
			t.Errorf("id %s: the forms of one join plan to costs %.4g (%s) to %.4g (%s)", seek, lo, loQ, hi, hiQ)
		}
	}
}
