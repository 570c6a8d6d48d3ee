package planner

import "testing"

// TestShortestTargetsCosted checks that shortest paths between ends each
// row binds are priced as the VM runs them: the rows that pair one start
// with many ends share one search from the start (vm's targetSearch), so
// they cost about the rows plus the search from the start alone, not a
// search per pair; starts that differ from row to row still cost a
// search per pair.
func TestShortestTargetsCosted(t *testing.T) {
	rows := compileFake(t, "MATCH (h:User {id: 1})-[:LINKS]->()-[:LINKS]->(b) WITH DISTINCT h, b RETURN count(b) AS n").Cost
	single := compileFake(t, "MATCH (h:User {id: 1}) MATCH p = shortestPath((h)-[:LINKS*..3]->(b)) RETURN count(p) AS n").Cost
	shared := compileFake(t, "MATCH (h:User {id: 1})-[:LINKS]->()-[:LINKS]->(b) WITH DISTINCT h, b MATCH p = shortestPath((h)-[:LINKS*..3]->(b)) RETURN count(p) AS n").Cost
	if shared > 2*(rows+single) || shared <= rows {
		t.Errorf("one start paired with many ends costs %.4g; the rows cost %.4g, the search from the start alone %.4g", shared, rows, single)
	}
	pairs := compileFake(t, "MATCH (h:User)-[:LINKS]->()-[:LINKS]->(b) WITH DISTINCT h, b MATCH p = shortestPath((h)-[:LINKS*..3]->(b)) RETURN count(p) AS n").Cost
	starts := compileFake(t, "MATCH (h:User)-[:LINKS]->()-[:LINKS]->(b) WITH DISTINCT h, b RETURN count(b) AS n").Cost
	t.Logf("rows %.4g, single %.4g, shared %.4g, pairs %.4g (their rows %.4g)", rows, single, shared, pairs, starts)
}
