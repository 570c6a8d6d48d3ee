package metamorphic

import "hash/fnv"

// Schema names the graph schema a question is written against; a dataset
// declares its schema and the literals of the question placeholders.
type Schema string

// The schemas of the questions.
const (
	// Generic is the schema of the seeded random graphs: labels A, B, C;
	// relationship types R, S, T; node properties id, k (integers) and s
	// (a string), relationship property w, all sometimes null.
	// Placeholders: $a and $b (ids), $l1..$l3 (ids for IN lists).
	Generic Schema = "generic"
	// Users is the schema of the SNAP edge lists: (:User {id})-[:LINKS]->.
	// Placeholders: $hub (the start node's id), $other (a second id),
	// $l1..$l3 (ids for IN lists).
	Users Schema = "users"
	// Movies is the schema of the Neo4j movies graph: (:Person {name, born}),
	// (:Movie {title, released}), ACTED_IN, DIRECTED, PRODUCED, WROTE,
	// REVIEWED, FOLLOWS. Placeholder: $who (a person's name).
	Movies Schema = "movies"
)

// Question is a seed question: one query whose equivalent forms the
// generator writes. Kind groups questions as issue 14's table does.
type Question struct {
	Name   string
	Kind   string
	Schema Schema
	Query  *Query
}

// Seed returns the seed of the question's random walks (see Generate),
// derived from its name so that adding a question changes no other
// question's forms.
func (q Question) Seed() int64 {
	h := fnv.New64a()
	h.Write([]byte(q.Name))
	return int64(h.Sum64() >> 1)
}

func match(chains ...string) Match {
	m := Match{}
	for _, c := range chains {
		m.Chains = append(m.Chains, mustChain(c))
	}
	return m
}

func optionalMatch(chains ...string) Match {
	m := match(chains...)
	m.Optional = true
	return m
}

func (m Match) where(ps ...Pred) Match {
	m.Where = append(m.Where, ps...)
	return m
}

func prop(v, key string, vals ...string) Pred {
	s := StyleEq
	if len(vals) > 1 {
		s = StyleIn
	}
	return Pred{Kind: PredProp, Style: s, Var: v, Key: key, Vals: vals}
}

func hasLabel(v, l string) Pred { return Pred{Kind: PredLabel, Var: v, Label: l} }

func raw(text string, uses ...string) Pred { return Pred{Kind: PredRaw, Raw: text, Uses: uses} }

func exists(chain string) Pred {
	c := mustChain(chain)
	return Pred{Kind: PredExists, Style: StyleExists, Chain: &c}
}

func notExists(chain string) Pred {
	p := exists(chain)
	p.Negated = true
	return p
}

// where adds a WHERE inside an existence subquery, reading uses.
func (p Pred) where(w string, uses ...string) Pred {
	p.SubWhere, p.Uses = w, uses
	return p
}

// atLeast turns an existence check into COUNT { chain } >= k.
func (p Pred) atLeast(k int) Pred {
	p.AtLeast = k
	return p
}

func query(t Tail, ms ...Match) *Query { return &Query{Matches: ms, Tail: t} }

func countDistinct(v string) Tail { return Tail{Kind: TailCountDistinct, Var: v} }

func count(v string) Tail { return Tail{Kind: TailCount, Var: v} }

func distinct(uses []string, its ...Item) Tail {
	return Tail{Kind: TailDistinct, Items: its, Uses: uses}
}

func ordered(uses []string, order string, limit int, its ...Item) Tail {
	return Tail{Kind: TailOrdered, Items: its, OrderBy: order, Limit: limit, Uses: uses}
}

func group(uses []string, keys, aggs []Item, order string, limit int) Tail {
	return Tail{Kind: TailGroup, Items: keys, Aggs: aggs, OrderBy: order, Limit: limit, Uses: uses}
}

func degree(v, chain string) Tail {
	c := mustChain(chain)
	return Tail{Kind: TailDegree, Var: v, Chain: &c}
}

// avgDegree is the average degree of v over chain, per group of keys
// (expressions over v, which uses lists).
func avgDegree(v, chain string, uses []string, keys ...Item) Tail {
	c := mustChain(chain)
	return Tail{Kind: TailDegreeAvg, Var: v, Chain: &c, Items: keys, Uses: uses}
}

// degreeOver is the number of v whose degree over chain exceeds k.
func degreeOver(v, chain string, k int) Tail {
	c := mustChain(chain)
	return Tail{Kind: TailDegreeOver, Var: v, Chain: &c, Threshold: k}
}

// staged puts before q's MATCH clauses a stage that matches node (with
// the WHERE text where), counts per node the matches of chain as alias,
// keeps the counts above k (none when k < 0), orders by order and keeps
// limit rows (none when 0).
func staged(q *Query, node, where, chain, alias string, k int, order string, limit int) *Query {
	n, err := parseNode(node)
	if err != nil {
		panic(err)
	}
	c := mustChain(chain)
	q.Stage = &Stage{Node: n, Where: where, Chain: &c, Alias: alias, Threshold: k, OrderBy: order, Limit: limit}
	return q
}

func it(expr, alias string) Item { return Item{Expr: expr, Alias: alias} }

func vars(v ...string) []string { return v }

// Questions returns the seed questions. Every ORDER BY is a total order of
// its rows (ties only between equal rows), so that LIMIT keeps the same
// rows in every form.
func Questions() []Question {
	qs := []Question{
		// Generic schema: seeded random graphs.
		{"g-two-hop-distinct", "2-hop distinct", Generic,
			query(countDistinct("c"), match("(a {id: $a})-->()-->(c)"))},
		{"g-two-hop-typed", "2-hop distinct", Generic,
			query(countDistinct("c"), match("(a:A {id: $a})-[:R]->()-[:S]->(c)"))},
		{"g-two-hop-undirected-ids", "2-hop distinct", Generic,
			query(distinct(vars("c"), it("c.id", "id")), match("(a {id: $a})--(b)--(c)"))},
		{"g-var-1-3-distinct", "*1..3 distinct", Generic,
			query(countDistinct("c"), match("(a {id: $a})-[*1..3]->(c)"))},
		{"g-var-1-3-typed-undirected", "*1..3 distinct", Generic,
			query(distinct(vars("c"), it("id(c)", "c")), match("(a {id: $a})-[:R|S*1..3]-(c)"))},
		{"g-var-1-2-to-label", "*1..3 distinct", Generic,
			query(countDistinct("c"), match("(a:A {id: $a})-[:T*1..2]-(c:C)"))},
		{"g-star-two-paths", "*2 vs hops", Generic,
			query(count("c"), match("(a {id: $a})-[*2]->(c)"))},
		{"g-star-three-typed-paths", "*2 vs hops", Generic,
			query(ordered(vars("c"), "c, n", 0, it("id(c)", "c"), it("1", "n")), match("(a {id: $a})-[:R|T*3]->(c)"))},
		{"g-filter-unindexed", "unindexed filter", Generic,
			query(countDistinct("b"), match("(a:A)-[:R]->(b)").where(prop("a", "k", "2")))},
		{"g-filter-unindexed-two-hop", "unindexed filter", Generic,
			query(countDistinct("c"), match("(a)-->()-->(c)").where(prop("a", "k", "1"), prop("c", "s", "'b'"), hasLabel("c", "B")))},
		{"g-filter-rel-property", "unindexed filter", Generic,
			query(countDistinct("c"), match("(a {id: $a})-[r:R]->(b)-->(c)").where(raw("r.w > 1", "r")))},
		{"g-degree-out", "degree", Generic,
			query(degree("a", "(a)-->()"), match("(a {id: $a})"))},
		{"g-degree-typed-label", "degree", Generic,
			query(degree("a", "(a)-[:R]->(:B)"), match("(a:A)"))},
		{"g-degree-undirected", "degree", Generic,
			query(degree("a", "(a)--()"), match("(a {k: 3})"))},
		{"g-in-list-ids", "IN list", Generic,
			query(distinct(vars("a"), it("id(a)", "i"), it("a.k", "k")), match("(a)").where(prop("a", "id", "$l1", "$l2", "$l3")))},
		{"g-in-list-strings", "IN list", Generic,
			query(count("a"), match("(a:B)").where(prop("a", "s", "'a'", "'c'")))},
		{"g-in-list-one-hop", "IN list", Generic,
			query(countDistinct("b"), match("(a)-[:S]->(b)").where(prop("a", "id", "$l1", "$l2", "$l3")))},
		{"g-rel-count-labels", "relationship count", Generic,
			query(count("r"), match("(a:A)-[r:R]->(b:B)"))},
		{"g-rel-count-any", "relationship count", Generic,
			query(count("r"), match("()-[r:T]->()"))},
		{"g-exists-pair", "existence", Generic,
			query(distinct(vars("a", "c"), it("id(a)", "a"), it("id(c)", "c")),
				match("(a {id: $a})", "(c:B)").where(exists("(a)-->()-->(c)")))},
		{"g-exists-pair-typed", "existence", Generic,
			query(count("c"), match("(a:A)", "(c:C)").where(exists("(a)-[:R]->()-[:S]->(c)")))},
		{"g-exists-out", "existence", Generic,
			query(distinct(vars("a"), it("id(a)", "a")), match("(a:A)").where(exists("(a)-[:S]->(:C)")))},
		{"g-not-exists", "existence", Generic,
			query(count("c"), match("(a:A)", "(c:B)").where(notExists("(a)-[:R]->(c)")))},
		{"g-not-exists-two-hop", "existence", Generic,
			query(count("c"), match("(a {id: $a})", "(c:C)").where(notExists("(a)-[:R]->()-[:S]->(c)")))},
		{"g-exists-three-hop-labelled", "existence", Generic,
			query(distinct(vars("a", "c"), it("id(a)", "a"), it("id(c)", "c")),
				match("(a:A)", "(c)").where(exists("(a)-[:R]->(:B)-[:S]->()-[:T]->(c)")))},
		{"g-exists-four-hop", "existence", Generic,
			query(count("c"), match("(a {id: $a})", "(c)").where(exists("(a)-->()-[:R|S]->()-->()-->(c)")))},
		{"g-not-exists-three-hop", "existence", Generic,
			query(count("c"), match("(a {id: $a})", "(c:B)").where(notExists("(a)-->()<--()-->(c)")))},
		{"g-exists-three-hop-middle-prop", "existence", Generic,
			query(count("c"), match("(a {id: $a})", "(c)").where(exists("(a)-->(x)-->()-->(c)").where("x.k > 1", "x")))},
		{"g-exists-three-hop-undirected", "existence", Generic,
			query(distinct(vars("c"), it("id(c)", "c")), match("(a {id: $a})", "(c)").where(exists("(a)--(:B)--()--(c)")))},
		{"g-exists-three-hop-in-list", "existence", Generic,
			query(distinct(vars("a", "c"), it("id(a)", "a"), it("id(c)", "c")),
				match("(a)", "(c)").where(prop("a", "id", "$l1", "$l2", "$l3"), exists("(a)-[:R|S]->()-->()-->(c)")))},
		{"g-three-hop-labelled-middle-distinct", "2-hop distinct", Generic,
			query(countDistinct("c"), match("(a {id: $a})-[:R]->(:B)-->()-[:T]-(c)"))},
		{"g-exists-where-inside", "existence", Generic,
			query(count("c"), match("(a {id: $a})", "(c:B)").where(exists("(a)-->(x)-->(c)").where("x.k > 1", "x")))},
		{"g-count-at-least-two", "existence", Generic,
			query(distinct(vars("a", "c"), it("id(a)", "a"), it("id(c)", "c")),
				match("(a:A)", "(c)").where(exists("(a)-->()-->(c)").atLeast(2)))},
		{"g-not-count-at-least-two", "existence", Generic,
			query(count("c"), match("(a {id: $a})", "(c)").where(notExists("(a)--()--(c)").atLeast(2)))},
		{"g-exists-two-outer", "existence", Generic,
			query(count("b"), match("(a:A)-[:R]->(b)").where(exists("(b)-[:S]->()<-[:T]-(a)")))},
		{"g-not-exists-back", "existence", Generic,
			query(distinct(vars("a", "b"), it("id(a)", "a"), it("id(b)", "b")), match("(a {id: $a})-->(b)").where(notExists("(b)-->(a)")))},
		{"g-exists-varlength-in", "existence", Generic,
			query(count("c"), match("(a {id: $a})", "(c)").where(exists("(c)-[:R|S*1..3]->(a)")))},
		{"g-group-by-property", "aggregation", Generic,
			query(group(vars("a", "r", "b"), []Item{it("a.k", "k")}, []Item{it("count(*)", "n"), it("sum(r.w)", "w"), it("min(b.id)", "lo")}, "k", 0),
				match("(a)-[r:R]->(b)"))},
		{"g-top-out-degree", "ORDER BY / LIMIT", Generic,
			query(group(vars("a"), []Item{it("id(a)", "i")}, []Item{it("count(*)", "n")}, "n DESC, i", 5), match("(a)-->(b)"))},
		{"g-ordered-pairs", "ORDER BY / LIMIT", Generic,
			query(ordered(vars("a", "b"), "x, y", 10, it("id(a)", "x"), it("id(b)", "y")),
				match("(a:A)-[:R]->(b)").where(prop("b", "k", "1", "2")))},
		{"g-common-neighbours", "2-hop distinct", Generic,
			query(countDistinct("x"), match("(a {id: $a})-->(x)<--(b {id: $b})"))},
		{"g-optional-count", "aggregation", Generic,
			query(group(vars("a", "b"), []Item{it("id(a)", "i")}, []Item{it("count(b)", "n")}, "i", 0),
				match("(a:A)"), optionalMatch("(a)-[:R]->(b:B)"))},
		{"g-triangles", "aggregation", Generic,
			query(count("b"), match("(a {id: $a})-->(b)-->(c)-->(a)"))},
		{"g-cycle-varlength", "*2 vs hops", Generic,
			query(count("b"), match("(a {id: $a})-->(b)-[*2]->(a)"))},
		{"g-paths-1-3-count", "*1..3 distinct", Generic,
			query(count("c"), match("(a {id: $a})-[*1..3]-(c)"))},
		{"g-paths-between", "*1..3 distinct", Generic,
			query(count("c"), match("(a {id: $a})-[*1..3]->(c {id: $b})"))},
		{"g-two-varlength", "*1..3 distinct", Generic,
			query(count("c"), match("(a {id: $a})-[*1..2]->(b)-[*1..2]->(c)"))},
		{"g-undirected-count", "relationship count", Generic,
			query(count("b"), match("(a:A)--(b)"))},
		{"g-optional-where", "aggregation", Generic,
			query(group(vars("a", "b"), []Item{it("id(a)", "i")}, []Item{it("count(b)", "n"), it("collect(DISTINCT b.k)", "ks")}, "i", 0),
				match("(a:A)"), optionalMatch("(a)-[:R|S]->(b)").where(prop("b", "k", "1")))},
		{"g-two-patterns", "2-hop distinct", Generic,
			query(countDistinct("c"), match("(a {id: $a})-[:R]->(b)", "(b)-[:R]->(c)"))},
		{"g-three-hop-distinct", "2-hop distinct", Generic,
			query(countDistinct("c"), match("(a {id: $a})-->()-->()-->(c)"))},
		{"g-two-hop-typed-end-label", "2-hop distinct", Generic,
			query(distinct(vars("c"), it("id(c)", "c")), match("(a {id: $a})-[:R|S]->()-[:T]->(c:B)"))},
		{"g-var-2-3-distinct", "*1..3 distinct", Generic,
			query(countDistinct("c"), match("(a {id: $a})-[*2..3]->(c)"))},
		{"g-var-1-2-undirected", "*1..3 distinct", Generic,
			query(countDistinct("c"), match("(a {id: $a})-[*1..2]-(c)"))},
		{"g-reach-end-filter", "*1..3 distinct", Generic,
			query(distinct(vars("c"), it("c.id", "id")), match("(a {id: $a})-[:R|T*1..3]->(c)").where(prop("c", "k", "1", "3")))},
		{"g-common-by-property", "2-hop distinct", Generic,
			query(countDistinct("x"), match("(a)-->(x)<--(b)").where(prop("a", "id", "$a"), prop("b", "id", "$b")))},
		{"g-friends-of-friends", "2-hop distinct", Generic,
			query(countDistinct("c"), match("(a {id: $a})--()--(c)").where(notExists("(a)--(c)"), raw("c <> a", "a", "c")))},
		{"g-top-in-degree", "ORDER BY / LIMIT", Generic,
			query(group(vars("b"), []Item{it("id(b)", "i")}, []Item{it("count(*)", "n")}, "n DESC, i", 5), match("()-[:R|S]->(b:B)"))},
		{"g-count-per-type", "relationship count", Generic,
			query(group(vars("r"), []Item{it("type(r)", "t")}, []Item{it("count(*)", "n")}, "t", 0), match("()-[r]->()"))},
		{"g-count-per-type-labels", "relationship count", Generic,
			query(group(vars("r"), []Item{it("type(r)", "t")}, []Item{it("count(*)", "n")}, "t", 0), match("(:A)-[r]->(:C)"))},
		{"g-degree-in-label", "degree", Generic,
			query(degree("a", "(a)<-[:S]-(:C)"), match("(a:B)"))},
		{"g-avg-degree-label", "degree", Generic,
			query(avgDegree("a", "(a)-[:R]->()", nil), match("(a:A)"))},
		{"g-avg-degree-per-key", "degree", Generic,
			query(avgDegree("a", "(a)--(:B)", vars("a"), it("a.k", "k")), match("(a)"))},
		{"g-degree-over", "degree", Generic,
			query(degreeOver("a", "(a)-->()", 1), match("(a:A)"))},
		{"g-degree-over-typed", "degree", Generic,
			query(degreeOver("a", "(a)<-[:T]-(:A)", 0), match("(a)"))},
		{"g-in-list-unindexed-hop", "IN list", Generic,
			query(countDistinct("b"), match("(a)-[:R]->(b)").where(prop("a", "k", "1", "3")))},
		{"g-rel-prop-inner-range", "unindexed filter", Generic,
			query(countDistinct("c"), match("(a {id: $a})-[r:R]->(b)-[s:S]->(c)").where(raw("s.w > 1", "s"), raw("b.k >= 1 AND b.k < 3", "b")))},
		{"g-three-hop-reversed", "2-hop distinct", Generic,
			query(countDistinct("c"), match("(a {id: $a})<--()<-[:R]-()<--(c)"))},
		{"g-two-anchors-path", "*1..3 distinct", Generic,
			query(count("b"), match("(a {id: $a})-[*2..3]-(b {id: $b})"))},
		{"g-label-count-labels", "relationship count", Generic,
			query(group(vars("a", "r"), []Item{it("a:A", "isA"), it("type(r)", "t")}, []Item{it("count(*)", "n")}, "isA, t", 0), match("(a)-[r]->(:B)"))},
		{"g-not-exists-labelled-end", "existence", Generic,
			query(count("a"), match("(a:A)").where(notExists("(a)-[:R|S]->(:B)"), raw("a.k < 3", "a")))},

		// Users schema: SNAP edge lists.
		{"u-two-hop-distinct", "2-hop distinct", Users,
			query(countDistinct("c"), match("(a {id: $hub})-->()-->(c)"))},
		{"u-var-1-3-distinct", "*1..3 distinct", Users,
			query(countDistinct("c"), match("(a {id: $hub})-[*1..3]->(c)"))},
		{"u-two-hop-label", "unindexed filter", Users,
			query(countDistinct("c"), match("(u:User {id: $hub})-->()-->(c)"))},
		{"u-degree", "degree", Users,
			query(degree("a", "(a)-->()"), match("(a {id: $hub})"))},
		{"u-in-list", "IN list", Users,
			query(distinct(vars("a"), it("a.id", "id")), match("(a:User)").where(prop("a", "id", "$l1", "$l2", "$l3")))},
		{"u-rel-count", "relationship count", Users,
			query(count("r"), match("(a:User)-[r:LINKS]->(b:User)"))},
		{"u-exists", "existence", Users,
			query(count("c"), match("(a:User {id: $hub})", "(c:User)").where(exists("(a)-->()-->(c)")))},
		{"u-not-exists", "existence", Users,
			query(count("c"), match("(a:User {id: $hub})", "(c:User)").where(notExists("(a)-->()-->(c)")))},
		{"u-exists-three-hop", "existence", Users,
			query(count("c"), match("(a:User {id: $hub})", "(c:User)").where(exists("(a)-[:LINKS]->(:User)-[:LINKS]->()-[:LINKS]->(c)")))},
		{"u-exists-four-hop", "existence", Users,
			query(count("c"), match("(a:User {id: $hub})", "(c:User)").where(exists("(a)-[:LINKS]->()-[:LINKS]->()-[:LINKS]->()-[:LINKS]->(c)")))},
		{"u-not-exists-three-hop", "existence", Users,
			query(count("c"), match("(a:User {id: $hub})", "(c:User)").where(notExists("(a)-->()-->()-->(c)")))},
		{"u-exists-three-hop-undirected", "existence", Users,
			query(count("c"), match("(a:User {id: $hub})", "(c:User)").where(exists("(a)--()--()--(c)")))},
		{"u-exists-three-hop-in-list", "existence", Users,
			query(count("c"), match("(a:User)", "(c:User)").where(prop("a", "id", "$l1", "$l2", "$l3"), exists("(a)-[:LINKS]->()-[:LINKS]->()-[:LINKS]->(c)")))},
		{"u-exists-where-inside", "existence", Users,
			query(count("c"), match("(a:User {id: $hub})", "(c:User)").where(exists("(a)-->(x)-->(c)").where("x.id > 1000", "x")))},
		{"u-two-hop-inner-filter", "2-hop distinct", Users,
			query(countDistinct("c"), match("(a {id: $hub})-->(m)-->(c)").where(raw("m.id < 1000", "m")))},
		{"u-three-hop-inner-filter", "2-hop distinct", Users,
			query(countDistinct("c"), match("(a:User {id: $hub})-[:LINKS]->(m)-[:LINKS]->()-[:LINKS]->(c)").where(raw("m.id > 1000", "m")))},
		{"u-count-at-least-two", "existence", Users,
			query(count("c"), match("(a:User {id: $hub})", "(c:User)").where(exists("(a)-->()-->(c)").atLeast(2)))},
		{"u-exists-two-outer", "existence", Users,
			query(count("b"), match("(a:User {id: $hub})-->(b:User)").where(exists("(b)-->()-->(a)")))},
		{"u-common-neighbours", "2-hop distinct", Users,
			query(countDistinct("x"), match("(a {id: $hub})-->(x)<--(b {id: $other})"))},
		{"u-three-hop-distinct", "2-hop distinct", Users,
			query(countDistinct("c"), match("(a {id: $hub})-->()-->()-->(c)"))},
		{"u-two-hop-typed-end-label", "2-hop distinct", Users,
			query(countDistinct("c"), match("(a:User {id: $hub})-[:LINKS]->()-[:LINKS]->(c:User)"))},
		{"u-var-2-3-distinct", "*1..3 distinct", Users,
			query(countDistinct("c"), match("(a {id: $hub})-[*2..3]->(c)"))},
		{"u-var-1-2-undirected", "*1..3 distinct", Users,
			query(countDistinct("c"), match("(a {id: $hub})-[*1..2]-(c)"))},
		{"u-reach-end-filter", "*1..3 distinct", Users,
			query(countDistinct("c"), match("(a {id: $hub})-[*1..2]->(c)").where(raw("c.id < 1000", "c")))},
		{"u-common-by-property", "2-hop distinct", Users,
			query(countDistinct("x"), match("(a:User)-->(x)<--(b:User)").where(prop("a", "id", "$hub"), prop("b", "id", "$other")))},
		{"u-friends-of-friends", "2-hop distinct", Users,
			query(countDistinct("c"), match("(a {id: $hub})-->()-->(c)").where(notExists("(a)-->(c)"), raw("c <> a", "a", "c")))},
		{"u-top-degree", "ORDER BY / LIMIT", Users,
			query(group(vars("a"), []Item{it("a.id", "id")}, []Item{it("count(*)", "d")}, "d DESC, id", 10), match("(a:User)-->()"))},
		{"u-top-in-degree", "ORDER BY / LIMIT", Users,
			query(group(vars("b"), []Item{it("b.id", "id")}, []Item{it("count(*)", "d")}, "d DESC, id", 10), match("()-[:LINKS]->(b)"))},
		{"u-count-per-type", "relationship count", Users,
			query(group(vars("r"), []Item{it("type(r)", "t")}, []Item{it("count(*)", "n")}, "t", 0), match("()-[r]->()"))},
		{"u-degree-in-label", "degree", Users,
			query(degree("a", "(a)<-[:LINKS]-(:User)"), match("(a {id: $hub})"))},
		{"u-avg-degree", "degree", Users,
			query(avgDegree("a", "(a)-[:LINKS]->()", nil), match("(a:User)"))},
		{"u-degree-over", "degree", Users,
			query(degreeOver("a", "(a)<--()", 100), match("(a:User)"))},
		{"u-in-list-hop", "IN list", Users,
			query(countDistinct("b"), match("(a)-->(b)").where(prop("a", "id", "$l1", "$l2", "$l3")))},
		{"u-two-hop-in", "2-hop distinct", Users,
			query(countDistinct("c"), match("(a {id: $hub})<--()<--(c)"))},
		{"u-two-hop-undirected", "2-hop distinct", Users,
			query(countDistinct("c"), match("(a:User {id: $hub})--()--(c:User)"))},
		{"u-two-hop-mid-filter", "2-hop distinct", Users,
			query(countDistinct("c"), match("(a {id: $hub})-->(b)-->(c)").where(raw("b.id < 1000", "b")))},
		{"u-two-hop-end-range", "unindexed filter", Users,
			query(distinct(vars("c"), it("c.id", "id")), match("(a:User {id: $hub})-->()-->(c)").where(raw("c.id >= 100 AND c.id < 200", "c")))},
		{"u-one-hop-starts-with", "unindexed filter", Users,
			query(countDistinct("c"), match("(a {id: $hub})-->(c)").where(raw("toString(c.id) STARTS WITH '1'", "c")))},
		{"u-var-1-2-in", "*1..3 distinct", Users,
			query(countDistinct("c"), match("(a {id: $hub})<-[*1..2]-(c)"))},
		{"u-var-1-3-end-filter", "*1..3 distinct", Users,
			query(distinct(vars("c"), it("c.id", "id")), match("(a:User {id: $hub})-[:LINKS*1..3]->(c:User)").where(raw("c.id < 100", "c")))},
		{"u-var-2-paths", "*2 vs hops", Users,
			query(count("c"), match("(a {id: $hub})-[*2]->(c)"))},
		{"u-filter-range-hop", "unindexed filter", Users,
			query(countDistinct("b"), match("(a:User)-->(b)").where(raw("a.id < 50", "a")))},
		{"u-filter-both-ends", "unindexed filter", Users,
			query(count("b"), match("(a:User)-[:LINKS]->(b:User)").where(raw("a.id < 500", "a"), raw("b.id > 40000", "b")))},
		{"u-degree-undirected", "degree", Users,
			query(degree("a", "(a)--()"), match("(a {id: $hub})"))},
		{"u-degree-two-hop-paths", "degree", Users,
			query(degree("a", "(a)-->()-->()"), match("(a:User {id: $hub})"))},
		{"u-avg-in-degree-range", "degree", Users,
			query(avgDegree("a", "(a)<--()", nil), match("(a:User)").where(raw("a.id < 1000", "a")))},
		{"u-degree-over-range", "degree", Users,
			query(degreeOver("a", "(a)-->()", 50), match("(a:User)").where(raw("a.id < 10000", "a")))},
		{"u-in-list-two-hop", "IN list", Users,
			query(countDistinct("c"), match("(a)-->()-->(c)").where(prop("a", "id", "$l1", "$l2", "$l3")))},
		{"u-in-list-end", "IN list", Users,
			query(count("b"), match("(a {id: $hub})-->(b)").where(prop("b", "id", "$l1", "$l2", "$other")))},
		{"u-in-list-in-degree", "IN list", Users,
			query(group(vars("a"), []Item{it("a.id", "id")}, []Item{it("count(*)", "d")}, "id", 0),
				match("(a:User)<--()").where(prop("a", "id", "$l1", "$l2", "$l3")))},
		{"u-rel-count-in", "relationship count", Users,
			query(count("r"), match("(a:User)<-[r:LINKS]-(b:User)"))},
		{"u-rel-count-undirected", "relationship count", Users,
			query(count("r"), match("(:User)-[r]-(:User)"))},
		{"u-rel-count-filtered", "relationship count", Users,
			query(count("r"), match("(a:User)-[r:LINKS]->(b)").where(raw("a.id < 1000", "a")))},
		{"u-rel-count-label-pairs", "relationship count", Users,
			query(group(vars("a", "r", "b"), []Item{it("head(labels(a))", "la"), it("type(r)", "t"), it("head(labels(b))", "lb")}, []Item{it("count(*)", "n")}, "la, t, lb", 0),
				match("(a)-[r]->(b)"))},
		{"u-exists-in-two-hop", "existence", Users,
			query(count("c"), match("(a:User {id: $hub})", "(c:User)").where(exists("(c)-->()-->(a)")))},
		{"u-exists-links-to-hub", "existence", Users,
			query(count("a"), match("(a:User)").where(exists("(a)-->(:User {id: $hub})")))},
		{"u-not-exists-sinks", "existence", Users,
			query(count("a"), match("(a:User)").where(notExists("(a)-->()")))},
		{"u-exists-mutual", "existence", Users,
			query(count("b"), match("(a {id: $hub})-->(b)").where(exists("(b)-->(a)")))},
		{"u-optional-count-range", "aggregation", Users,
			query(group(vars("a", "b"), []Item{it("a.id", "id")}, []Item{it("count(b)", "n")}, "id", 0),
				match("(a:User)").where(raw("a.id < 20", "a")), optionalMatch("(a)-->(b)").where(raw("b.id < 10", "b")))},
		{"u-top-two-hop-sources", "ORDER BY / LIMIT", Users,
			query(group(vars("a"), []Item{it("a.id", "id")}, []Item{it("count(*)", "n")}, "n DESC, id", 5),
				match("(a:User)-->()-->(b {id: $hub})"))},
		{"u-top-mid-by-property", "ORDER BY / LIMIT", Users,
			query(group(vars("b"), []Item{it("b.id", "id")}, []Item{it("count(*)", "n")}, "n DESC, id", 5),
				match("(a {id: $hub})-->(b)-->(c)"))},
		{"u-ordered-two-hop", "ORDER BY / LIMIT", Users,
			query(ordered(vars("c"), "id", 10, it("c.id", "id")), match("(a {id: $hub})-->()-->(c)"))},
		{"u-common-in-neighbours", "2-hop distinct", Users,
			query(countDistinct("x"), match("(a {id: $hub})<--(x)-->(b {id: $other})"))},
		{"u-two-patterns-filter", "2-hop distinct", Users,
			query(countDistinct("c"), match("(a:User {id: $hub})-->(b)", "(b)-->(c)").where(raw("c.id < 5000", "c")))},
		{"u-three-hop-reversed", "2-hop distinct", Users,
			query(countDistinct("c"), match("(a:User {id: $hub})<--()<--()<--(c)"))},
		{"u-two-anchors-path", "*1..3 distinct", Users,
			query(count("b"), match("(a:User {id: $hub})-[*2..3]->(b:User {id: $other})"))},
		{"u-inner-range-three-hop", "unindexed filter", Users,
			query(countDistinct("c"), match("(a {id: $hub})-->()-->(m)-->(c)").where(raw("m.id >= 100 AND m.id < 2000", "m")))},
		{"u-top-undirected-degree", "ORDER BY / LIMIT", Users,
			query(group(vars("a"), []Item{it("a.id", "id")}, []Item{it("count(*)", "d")}, "d DESC, id", 3), match("(a:User)--()"))},
		{"u-rel-count-range", "relationship count", Users,
			query(count("r"), match("(a:User)-[r:LINKS]-(b:User)").where(raw("a.id < 100", "a")))},
		{"u-in-list-two-anchors", "IN list", Users,
			query(countDistinct("x"), match("(a)-->(x)<--(b:User {id: $hub})").where(prop("a", "id", "$l1", "$l2", "$l3")))},
		{"u-var-2-3-in-end-range", "*1..3 distinct", Users,
			query(countDistinct("c"), match("(a {id: $hub})<-[*2..3]-(c)").where(raw("c.id < 500", "c")))},
		{"u-not-exists-back-count", "existence", Users,
			query(count("b"), match("(a:User {id: $hub})<--(b:User)").where(notExists("(a)-->(b)")))},
		{"u-in-list-three-anchors", "IN list", Users,
			query(countDistinct("x"), match("(a)-->(x)<--(b:User {id: $hub})", "(x)<--(c)").where(prop("a", "id", "$l1", "$l2", "$l3"), prop("c", "id", "$other", "$l2")))},
		{"u-in-list-two-anchors-out", "IN list", Users,
			query(countDistinct("x"), match("(a)<--(x)-->(b:User {id: $hub})").where(prop("a", "id", "$l1", "$l2", "$l3")))},
		{"u-in-list-two-anchors-undirected", "IN list", Users,
			query(countDistinct("x"), match("(a)--(x)--(b:User {id: $hub})").where(prop("a", "id", "$l1", "$l2", "$l3")))},
		{"u-or-two-anchors", "IN list", Users,
			query(countDistinct("x"), match("(a)-->(x)<--(b:User {id: $hub})").where(raw("(a.id = $l1 OR a.id = $l2)", "a")))},

		// Movies schema.
		{"m-coactors", "2-hop distinct", Movies,
			query(countDistinct("c"), match("(p:Person {name: $who})-[:ACTED_IN]->()<-[:ACTED_IN]-(c)"))},
		{"m-var-1-3", "*1..3 distinct", Movies,
			query(countDistinct("x"), match("(p:Person {name: $who})-[*1..3]-(x)"))},
		{"m-acted-and-directed", "existence", Movies,
			query(distinct(vars("p", "m"), it("p.name", "name"), it("m.title", "title")),
				match("(p:Person)", "(m:Movie)").where(exists("(p)-[:DIRECTED]->(m)"), exists("(p)-[:ACTED_IN]->(m)")))},
		{"m-acted-not-directed", "existence", Movies,
			query(count("m"), match("(p:Person)", "(m:Movie)").where(exists("(p)-[:ACTED_IN]->(m)"), notExists("(p)-[:DIRECTED]->(m)")))},
		{"m-acted-after-2000", "existence", Movies,
			query(distinct(vars("p"), it("p.name", "name")),
				match("(p:Person)").where(exists("(p)-[:ACTED_IN]->(m:Movie)").where("m.released > 2000", "m")))},
		{"m-cast-sizes", "ORDER BY / LIMIT", Movies,
			query(group(vars("m", "p"), []Item{it("m.title", "t")}, []Item{it("count(p)", "cast")}, "cast DESC, t", 5),
				match("(m:Movie)<-[:ACTED_IN]-(p)"))},
		{"m-degree", "degree", Movies,
			query(degree("p", "(p)-[:ACTED_IN]->(m)"), match("(p:Person {name: $who})"))},
		{"m-names-in-list", "IN list", Movies,
			query(distinct(vars("p"), it("p.name", "name"), it("p.born", "born")),
				match("(p:Person)").where(prop("p", "name", "'Tom Hanks'", "'Meg Ryan'", "'Nobody'")))},
		{"m-top-in-degree", "ORDER BY / LIMIT", Movies,
			query(group(vars("m"), []Item{it("m.title", "t")}, []Item{it("count(*)", "n")}, "n DESC, t", 3), match("(:Person)-[:ACTED_IN|DIRECTED]->(m:Movie)"))},
		{"m-count-per-type", "relationship count", Movies,
			query(group(vars("r"), []Item{it("type(r)", "t")}, []Item{it("count(*)", "n")}, "t", 0), match("(:Person)-[r]->()"))},
		{"m-degree-typed-label", "degree", Movies,
			query(degree("p", "(p)-[:ACTED_IN]->(:Movie)"), match("(p:Person)"))},
		{"m-avg-degree", "degree", Movies,
			query(avgDegree("p", "(p)-[:ACTED_IN]->()", nil), match("(p:Person)"))},
		{"m-degree-over", "degree", Movies,
			query(degreeOver("m", "(m)<-[:ACTED_IN]-()", 5), match("(m:Movie)"))},
		{"m-born-in-list", "IN list", Movies,
			query(distinct(vars("p"), it("p.name", "name")), match("(p:Person)").where(prop("p", "born", "1956", "1965", "1999")))},
		{"m-born-range", "unindexed filter", Movies,
			query(countDistinct("m"), match("(p:Person)-[:ACTED_IN]->(m:Movie)").where(raw("p.born > 1960", "p")))},
		{"m-coactor-directors", "2-hop distinct", Movies,
			query(distinct(vars("d"), it("d.name", "name")), match("(p:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:DIRECTED]-(d:Person)"))},
		{"m-title-starts-with", "unindexed filter", Movies,
			query(countDistinct("p"), match("(p:Person)-[:ACTED_IN]->(m:Movie)").where(raw("m.title STARTS WITH 'The'", "m")))},
		{"m-optional-directed", "aggregation", Movies,
			query(group(vars("p", "m"), []Item{it("p.name", "name")}, []Item{it("count(m)", "n")}, "name", 0),
				match("(p:Person)").where(raw("p.born > 1975", "p")), optionalMatch("(p)-[:DIRECTED]->(m:Movie)"))},
		{"m-rel-count-label-pairs", "relationship count", Movies,
			query(group(vars("a", "r", "b"), []Item{it("head(labels(a))", "la"), it("type(r)", "t"), it("head(labels(b))", "lb")}, []Item{it("count(*)", "n")}, "la, t, lb", 0),
				match("(a)-[r]->(b)"))},
		{"m-reviewed-rating", "unindexed filter", Movies,
			query(distinct(vars("p", "m"), it("p.name", "name"), it("m.title", "title")),
				match("(p:Person)-[r:REVIEWED]->(m:Movie)").where(raw("r.rating > 60", "r")))},
		// An IN list of several values with subqueries in the same WHERE:
		// its UNWIND forms pass MATCH clauses that hold the subquery.
		{"u-in-list-friends-of-friends", "IN list", Users,
			query(countDistinct("c"), match("(a)-->()-->(c)").where(prop("a", "id", "$l1", "$l2", "$l3"), notExists("(a)-->(c)"), raw("c <> a", "a", "c")))},
		{"g-in-list-not-exists-two-hop", "IN list", Generic,
			query(countDistinct("c"), match("(a)-->(b)-->(c)").where(prop("a", "id", "$l1", "$l2", "$l3"), notExists("(c)-->(a)")))},
		// An UNWIND written after a MATCH, with a subquery that names its
		// variable and one that does not.
		{"g-unwind-exists-names-var", "IN list", Generic,
			query(distinct(vars("a", "c"), it("a.id", "a"), it("c.id", "c")), match("(a)-->(b)"),
				Match{Unwind: &Unwind{Var: "u", Vals: []string{"$l1", "$l2", "$l3"}}, Chains: []Chain{mustChain("(b)-->(c)")},
					Where: []Pred{prop("a", "id", "u"), exists("(c)-->(x)").where("x.k <> u", "x", "u"), notExists("(a)-->(c)")}})},
		{"m-recommend-coactors", "2-hop distinct", Movies,
			query(distinct(vars("coc"), it("coc.name", "name")),
				match("(p:Person {name: $who})-[:ACTED_IN]->()<-[:ACTED_IN]-(c)-[:ACTED_IN]->()<-[:ACTED_IN]-(coc:Person)").
					where(notExists("(p)-[:ACTED_IN]->()<-[:ACTED_IN]-(coc)"), raw("p <> coc", "p", "coc")))},
		{"m-path-to-bacon", "*1..3 distinct", Movies,
			query(count("b"), match("(a:Person {name: $who})-[*2..3]-(b:Person {name: 'Kevin Bacon'})"))},
		{"m-roles-rel-property", "unindexed filter", Movies,
			query(countDistinct("p"), match("(p:Person)-[r:ACTED_IN]->(m:Movie)").where(raw("size(r.roles) > 1", "r")))},
		{"m-actor-directors", "existence", Movies,
			query(group(vars("p", "m"), []Item{it("p.name", "name")}, []Item{it("count(m)", "n")}, "name", 0),
				match("(p:Person)-[:DIRECTED]->(m:Movie)").where(exists("(p)-[:ACTED_IN]->(m)")))},
		{"m-directors-of-nineties", "unindexed filter", Movies,
			query(countDistinct("d"), match("(p:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:DIRECTED]-(d)").where(raw("m.released >= 1990 AND m.released < 2000", "m")))},
		{"m-top-actors", "ORDER BY / LIMIT", Movies,
			query(group(vars("p"), []Item{it("p.name", "name")}, []Item{it("count(*)", "n")}, "n DESC, name", 5), match("(p:Person)-[:ACTED_IN]->(:Movie)"))},
		{"m-rel-count-per-label", "relationship count", Movies,
			query(group(vars("a", "r"), []Item{it("a:Person", "person"), it("type(r)", "t")}, []Item{it("count(*)", "n")}, "person, t", 0), match("(a)-[r]->(:Movie)"))},
		// Aggregation in the middle: a stage counts per node, keeps the
		// nodes over a threshold (or the top k), and the MATCH clauses
		// after it start from those nodes.
		{"g-stage-degree-then-hop", "aggregation", Generic,
			staged(query(countDistinct("c"), match("(a)-[:R]->(c)")), "a:A", "", "(a)-->(e)", "d", 1, "", 0)},
		{"g-stage-top-common", "ORDER BY / LIMIT", Generic,
			staged(query(group(vars("a", "d"), []Item{it("id(a)", "i"), it("d", "d")}, []Item{it("count(*)", "n")}, "i", 0),
				match("(a)-->(x)<--(b {id: $b})")), "a", "", "(a)--(e)", "d", 0, "d DESC, id(a)", 3)},
		{"g-stage-no-threshold", "aggregation", Generic,
			staged(query(group(vars("d"), []Item{it("d", "d")}, []Item{it("count(*)", "n")}, "d", 0),
				match("(a)-[:T]->(b)")), "a:B", "", "(a)<-[:S]-(e)", "d", -1, "", 0)},
		{"g-stage-filter-not-exists", "existence", Generic,
			staged(query(count("c"), match("(a)-->()-->(c)").where(notExists("(c)-->(a)"))), "a", "a.k > 0", "(a)-[:R|S]->(e)", "d", 0, "", 0)},
		{"u-stage-hubs-then-reach", "aggregation", Users,
			staged(query(countDistinct("c"), match("(a)-->(c)")), "a:User", "", "(a)<--(e)", "d", 100, "", 0)},
		{"u-stage-top-hubs-common", "ORDER BY / LIMIT", Users,
			staged(query(group(vars("a", "d"), []Item{it("a.id", "id"), it("d", "d")}, []Item{it("count(*)", "n")}, "id", 0),
				match("(a)-->(x)<--(h {id: $hub})")), "a:User", "", "(a)-->(e)", "d", 0, "d DESC, a.id", 5)},
		{"u-stage-range-two-hop", "aggregation", Users,
			staged(query(countDistinct("c"), match("(a)-->()-->(c)")), "a:User", "a.id < 100", "(a)-->(e)", "d", 10, "", 0)},
		{"m-stage-prolific-coactors", "aggregation", Movies,
			staged(query(group(vars("p", "d", "c"), []Item{it("p.name", "name"), it("d", "d")}, []Item{it("count(DISTINCT c)", "n")}, "name", 0),
				match("(p)-[:ACTED_IN]->()<-[:ACTED_IN]-(c)")), "p:Person", "", "(p)-[:ACTED_IN]->(e)", "d", 5, "", 0)},
		{"m-stage-top-cast-directors", "ORDER BY / LIMIT", Movies,
			staged(query(distinct(vars("m", "dr"), it("m.title", "title"), it("dr.name", "director")),
				match("(m)<-[:DIRECTED]-(dr:Person)")), "m:Movie", "", "(m)<-[:ACTED_IN]-(e)", "cast", 0, "cast DESC, m.title", 3)},
	}
	return append(append(append(append(append(append(append(append(append(append(append(append(append(append(append(append(append(append(append(append(append(append(qs, schemaQuestions()...), writtenQuestions()...), heldout5Questions()...), heldout6Questions()...), heldout7Questions()...), heldout8Questions()...), heldout9Questions()...), heldout10Questions()...), heldout11Questions()...), heldout12Questions()...), heldout13Questions()...), heldout14Questions()...), heldout15Questions()...), heldout16Questions()...), heldout17Questions()...), heldout18Questions()...), heldout19Questions()...), heldout20Questions()...), heldout21Questions()...), heldout22Questions()...), heldout23Questions()...), heldout24Questions()...)
}
