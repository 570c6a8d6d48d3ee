package planner

import (
	"strings"
	"testing"
)

// TestLeastTrailsFires checks that a variable-length path read only for
// its least length (or its paths of the least length, leastReads) is
// searched breadth-first, and that it is not when the path, its
// relationships, the list it is collected into or the number of rows are
// read otherwise.
func TestLeastTrailsFires(t *testing.T) {
	fires := []string{
		"MATCH p = (a:User {id: $a})-[*1..3]->(b:User {id: $b}) WITH min(length(p)) AS d WHERE d IS NOT NULL RETURN d",
		"MATCH p = (a:User {id: $a})-[:LINKS*0..4]-(b:User) RETURN b.id, min(size(nodes(p))) AS d",
		"MATCH p = (b:User)<-[:LINKS*2..3]-(a:User {id: $a}) RETURN b, min(length(p) + 1) AS d, count(DISTINCT b) AS n",
		"MATCH (a:User {id: $a}) OPTIONAL MATCH p = (a)-[:LINKS*1..3]->(b:User) RETURN b, min(length(p)) AS d",
		"MATCH p = (a:Person)-[:KNOWS*]->(b:Person) WHERE a.age > 70 RETURN a, b, min(size(relationships(p))) AS d",
		// a trail between two bound nodes, read for its existence only
		"MATCH (a:User {id: $a}), (b:User {id: $b}) MATCH (a)-[*1..3]->(b) RETURN DISTINCT a",
		"MATCH (a:User {id: $a}), (b:User) MATCH (a)-[:LINKS*2..4]-(b) RETURN count(DISTINCT b)",
		// a WITH that passes p on changes no row
		"MATCH p = (a:User {id: $a})-[*1..3]->(b:User {id: $b}) WITH p, a RETURN min(length(p)) AS d",
		// a property map, checked as the search crosses each relationship
		"MATCH p = (a:User {id: $a})-[*1..3 {w: 1}]->(b:User {id: $b}) RETURN min(length(p)) AS d",
		// a filter of the path that cannot fail, the search's pre-filter
		// (leastTrailsFilter; the list read as relationships(p))
		"MATCH p = (a:User {id: $a})-[r*1..3]->(b:User {id: $b}) WHERE all(x IN r WHERE x.w > 1) RETURN min(length(p)) AS d",
		"MATCH p = (a:User {id: $a})-[*1..3]-(b:User) WHERE none(x IN relationships(p)[1..] WHERE x.w = 2) RETURN b, min(length(p)) AS d",
		// per-node tests, made level by level (stepTests), restrict the
		// search as they restricted the trails
		"MATCH p = (a:User {id: $a})-[*1..3]->(b:User {id: $b}) WHERE all(n IN nodes(p) WHERE n.id > 0) RETURN min(length(p)) AS d",
		// the paths of the least length, counted through a collected list
		"MATCH (a:User {id: $a}) MATCH (b:User {id: $b}) OPTIONAL MATCH p = (a)-[*1..2]->(b) WITH collect(p) AS ps WITH ps, reduce(m = 99, q IN ps | CASE WHEN length(q) < m THEN length(q) ELSE m END) AS m RETURN size([q IN ps WHERE length(q) = m]) AS n",
		"MATCH p = (a:User {id: $a})-[:LINKS*0..3]-(b:User) WITH b, collect(p) AS ps RETURN b.id, size([q IN ps WHERE length(q) <= reduce(m = null, r IN ps | CASE WHEN length(r) >= m THEN m ELSE length(r) END)]) AS n",
		// the lengths collected, folded and counted (the counts summed)
		"MATCH p = (a:User {id: $a})-[:LINKS*1..3]-(b:User) WITH b, collect(length(p)) AS ls WITH b, ls, reduce(m = 4, x IN ls | CASE WHEN x < m THEN x ELSE m END) AS d RETURN b.id, d, size([x IN ls WHERE x = d]) AS n",
		"MATCH (a:User {id: $a}), (b:User) MATCH p = (a)-[*1..4]->(b) WITH a, b, collect(size(nodes(p))) AS ls WITH ls, reduce(m = 9, x IN ls | CASE WHEN m > x - 1 THEN x - 1 ELSE m END) AS d RETURN d, sum(size([x IN ls WHERE x - 1 = d])) AS n",
		// the pattern matched again at the least length found before
		"MATCH (a:User {id: $a}), (b:User) MATCH p = (a)-[:LINKS*1..3]-(b) WITH a, b, min(length(p)) AS d MATCH q = (a)-[:LINKS*1..3]-(b) WHERE length(q) = d RETURN b.id, d, count(q) AS n",
	}
	for _, q := range fires {
		plan := compileFake(t, q).Plan.Explain()
		if !strings.Contains(plan, "ShortestPath") || strings.Contains(plan, "VarExpand") || strings.Contains(plan, "PathBind") {
			t.Errorf("%s: the least length is not searched:\n%s", q, plan)
		}
	}
	stays := []string{
		// the number of paths is read
		"MATCH p = (a:User {id: $a})-[*1..3]->(b:User {id: $b}) RETURN min(length(p)) AS d, count(*) AS n",
		// the longest path is not the search's
		"MATCH p = (a:User {id: $a})-[*1..3]->(b:User {id: $b}) RETURN max(length(p)) AS d",
		// the path itself is read
		"MATCH p = (a:User {id: $a})-[*1..3]->(b:User {id: $b}) RETURN min(length(p)) AS d, collect(DISTINCT p) AS ps",
		"MATCH p = (a:User {id: $a})-[*1..3]->(b:User {id: $b}) RETURN length(p) AS k, min(length(p)) AS d",
		// its relationships are read
		"MATCH p = (a:User {id: $a})-[r*1..3]->(b:User {id: $b}) RETURN min(length(p)) AS d, collect(DISTINCT r) AS rs",
		// a filter of the path that may fail (a property of a property)
		"MATCH p = (a:User {id: $a})-[r*1..3]->(b:User {id: $b}) WHERE all(x IN r WHERE x.w.v > 1) RETURN min(length(p)) AS d",
		// the path has more than the one variable-length relationship, or
		// the relationship must differ from the pattern's others
		"MATCH p = (a:User {id: $a})-[*1..3]->(b)-[:LINKS]->(c:User {id: $b}) RETURN min(length(p)) AS d",
		"MATCH p = (a:User {id: $a})-[*1..3]->(b:User), (b)-[:LINKS*1..2]->(c:User {id: $b}) RETURN min(length(p)) AS d",
		// the trails between two bound nodes are counted, or the end is
		// free (a set frontier finds the nodes reached)
		"MATCH (a:User {id: $a}), (b:User {id: $b}) MATCH (a)-[*1..3]->(b) RETURN count(*)",
		"MATCH (a:User {id: $a}) MATCH (a)-[*1..3]->(b) RETURN DISTINCT b",
		// the collected list is read otherwise
		"MATCH p = (a:User {id: $a})-[*1..3]->(b:User {id: $b}) WITH collect(p) AS ps RETURN size(ps) AS n",
		"MATCH p = (a:User {id: $a})-[*1..3]->(b:User {id: $b}) WITH collect(p) AS ps WITH ps, reduce(m = 0, q IN ps | CASE WHEN length(q) > m THEN length(q) ELSE m END) AS m RETURN size([q IN ps WHERE length(q) = m]) AS n",
		"MATCH p = (a:User {id: $a})-[*1..3]->(b:User {id: $b}) WITH collect(p) AS ps WITH ps, reduce(m = 99, q IN ps | CASE WHEN length(q) < m THEN length(q) ELSE m END) AS m RETURN size([q IN ps WHERE size(nodes(q)) = m]) AS n",
		"MATCH p = (a:User {id: $a})-[*1..3]->(b:User {id: $b}) WITH collect(p) AS ps, count(*) AS k RETURN k, reduce(m = 99, q IN ps | CASE WHEN length(q) < m THEN length(q) ELSE m END) AS m",
		// collected lengths read otherwise, or folded and counted apart
		"MATCH p = (a:User {id: $a})-[*1..3]->(b:User {id: $b}) WITH collect(length(p)) AS ls RETURN size(ls) AS n",
		"MATCH p = (a:User {id: $a})-[*1..3]->(b:User {id: $b}) WITH collect(length(p)) AS ls WITH ls, reduce(m = 9, x IN ls | CASE WHEN x < m THEN x ELSE m END) AS d RETURN size([x IN ls WHERE x + 1 = d]) AS n",
		"MATCH p = (a:User {id: $a})-[*1..3]->(b:User {id: $b}) WITH collect(DISTINCT length(p)) AS ls WITH ls, reduce(m = 9, x IN ls | CASE WHEN x < m THEN x ELSE m END) AS d RETURN size([x IN ls WHERE x = d]) AS n",
		// after a LIMIT every row counts
		"MATCH p = (a:User {id: $a})-[*1..3]->(b:User) WITH p LIMIT 10 RETURN min(length(p)) AS d",
	}
	// The first match's least length is searched; the second is not a
	// search of every least path: it is another pattern, or the least
	// length was found for another pair.
	again := []string{
		"MATCH (a:User {id: $a}), (b:User) MATCH p = (a)-[:LINKS*1..3]-(b) WITH a, b, min(length(p)) AS d MATCH q = (a)-[:LINKS*1..4]-(b) WHERE length(q) = d RETURN b.id, d, count(q) AS n",
		"MATCH (a:User {id: $a}), (b:User) MATCH p = (a)-[:LINKS*1..3]-(b) WITH b, min(length(p)) AS d MATCH (a:User) MATCH q = (a)-[:LINKS*1..3]-(b) WHERE length(q) = d RETURN b.id, d, count(q) AS n",
	}
	for _, q := range again {
		plan := compileFake(t, q).Plan.Explain()
		if strings.Contains(plan, "AllShortestPaths") {
			t.Errorf("%s: the second match is searched for every least path:\n%s", q, plan)
		}
	}
	for _, q := range stays {
		plan := compileFake(t, q).Plan.Explain()
		if strings.Contains(plan, "ShortestPath") {
			t.Errorf("%s: searched for the least length, which is not all that is read:\n%s", q, plan)
		}
	}
}
