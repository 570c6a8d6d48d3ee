package planner

import "testing"

// TestComprehensionsCosted checks that a pattern comprehension in a
// projection is priced with the pipeline that enumerates its matches, as
// the forms that match the pattern row by row are: the comprehension
// costs about what the OPTIONAL MATCH and collect of the same pattern
// cost, far more than the projection without it, however the list is
// used after (returned, unwound, reduced).
func TestComprehensionsCosted(t *testing.T) {
	base := compileFake(t, "MATCH (u:User) WHERE u.id < 100 RETURN u.id AS id").Cost
	match := compileFake(t, "MATCH (u:User) WHERE u.id < 100 OPTIONAL MATCH (u)-[:LINKS]->(v) RETURN u.id AS id, collect(v.id) AS ids").Cost
	for _, q := range []string{
		"MATCH (u:User) WHERE u.id < 100 RETURN u.id AS id, [(u)-[:LINKS]->(v) | v.id] AS ids",
		"MATCH (u:User) WHERE u.id < 100 WITH u, [(u)-[:LINKS]->(v) | v.id] AS ids UNWIND ids AS i RETURN u.id AS id, collect(i) AS ids",
		"MATCH (u:User) WHERE u.id < 100 RETURN u.id AS id, reduce(s = 0, i IN [(u)-[:LINKS]->(v) | v.id] | s + i) AS ids",
		"MATCH (u:User) WHERE u.id < 100 RETURN u.id AS id, COLLECT { MATCH (u)-[:LINKS]->(v) RETURN v.id } AS ids",
	} {
		c := compileFake(t, q).Cost
		if c < match/3 || c > match*3 || c < 3*base {
			t.Errorf("%s: cost %.4g; the OPTIONAL MATCH form costs %.4g, the projection without the list %.4g", q, c, match, base)
		}
	}
	// The number of distinct ends is a set expansion's size per row: priced
	// with that pipeline (more than the projection alone), not as the
	// enumeration.
	for _, q := range []string{
		"MATCH (u:User) WHERE u.id < 100 RETURN u.id AS id, size(COLLECT { MATCH (u)-[:LINKS]->(v) RETURN DISTINCT v }) AS ids",
		"MATCH (u:User) WHERE u.id < 100 RETURN u.id AS id, COUNT { MATCH (u)-[:LINKS]->(v) RETURN DISTINCT v } AS ids",
	} {
		c := compileFake(t, q).Cost
		if c <= base*1.05 || c > match*3 {
			t.Errorf("%s: cost %.4g; the OPTIONAL MATCH form costs %.4g, the projection without the list %.4g", q, c, match, base)
		}
	}
}
