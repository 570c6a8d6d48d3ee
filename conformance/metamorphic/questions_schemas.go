package metamorphic

// The schemas of the questions on graphs with many labels and types.
const (
	// LDBC is the schema of the LDBC SNB Interactive graph as the importer
	// loads it: Person, Forum, Post and Comment (both also Message), Tag,
	// TagClass, Place (City, Country, Continent), Organisation (Company,
	// University); KNOWS, HAS_CREATOR, HAS_TAG, REPLY_OF, CONTAINER_OF,
	// HAS_MEMBER, HAS_MODERATOR, HAS_INTEREST, LIKES, IS_LOCATED_IN,
	// IS_PART_OF, STUDY_AT, WORK_AT, HAS_TYPE, IS_SUBCLASS_OF. Several
	// types join more than one pair of labels (HAS_CREATOR from Post and
	// Comment, IS_LOCATED_IN from Person, Message and Organisation), so a
	// type does not always imply its end labels. Placeholders: $person
	// (a person's id), $other (a second person's id), $l1..$l3 (person ids
	// for IN lists, one absent), $tag (a tag's name), $post (a post's id).
	LDBC Schema = "ldbc"
	// StackOverflow is the schema of the Stack Overflow graph:
	// (:User)-[:ASKED]->(:Question), (:User)-[:PROVIDED]->(:Answer)
	// -[:ANSWERED]->(:Question), (:User)-[:COMMENTED]->(:Comment)
	// -[:COMMENTED_ON]->(:Question), (:Question)-[:TAGGED]->(:Tag); every
	// type joins one pair of labels. Placeholders: $user (an asker's
	// user_id), $provider (an answerer's user_id), $tag and $tag2 (tag
	// names), $question (a question_id), $l1..$l3 (user ids for IN lists,
	// one absent).
	StackOverflow Schema = "stackoverflow"
)

// schemaQuestions are the questions of issue 14's kinds on the LDBC and
// Stack Overflow schemas: typed hops between different labels, end
// labels a type implies and labels it does not, multi-type hops.
func schemaQuestions() []Question {
	return []Question{
		// LDBC.
		{"l-two-hop-knows", "2-hop distinct", LDBC,
			query(countDistinct("c"), match("(a:Person {id: $person})-[:KNOWS]-()-[:KNOWS]-(c:Person)"))},
		{"l-two-hop-forums-of-posts", "2-hop distinct", LDBC,
			query(countDistinct("f"), match("(a:Person {id: $person})<-[:HAS_CREATOR]-(:Post)<-[:CONTAINER_OF]-(f:Forum)"))},
		{"l-two-hop-liked-creators", "2-hop distinct", LDBC,
			query(distinct(vars("c"), it("c.id", "id")), match("(a:Person {id: $person})-[:LIKES]->(:Message)-[:HAS_CREATOR]->(c:Person)"))},
		{"l-two-hop-multi-type", "2-hop distinct", LDBC,
			query(countDistinct("c"), match("(a:Person {id: $person})-[:LIKES|HAS_CREATOR]-(:Message)-[:HAS_TAG]->(c:Tag)"))},
		{"l-three-hop-types", "2-hop distinct", LDBC,
			query(countDistinct("t"), match("(a:Person {id: $person})-[:KNOWS]-(:Person)<-[:HAS_CREATOR]-(:Post)-[:HAS_TAG]->(t:Tag)"))},
		{"l-three-hop-places", "2-hop distinct", LDBC,
			query(distinct(vars("c"), it("c.name", "name")), match("(a:Person {id: $person})-[:KNOWS]-(:Person)-[:STUDY_AT|WORK_AT]->(:Organisation)-[:IS_LOCATED_IN]->(c:Place)"))},
		{"l-var-1-3-knows", "*1..3 distinct", LDBC,
			query(countDistinct("c"), match("(a:Person {id: $person})-[:KNOWS*1..3]-(c:Person)"))},
		{"l-var-1-3-replies", "*1..3 distinct", LDBC,
			query(countDistinct("c"), match("(p:Post {id: $post})<-[:REPLY_OF*1..3]-(c:Comment)"))},
		{"l-var-1-2-place-parts", "*1..3 distinct", LDBC,
			query(distinct(vars("x"), it("x.name", "name")), match("(a:Person {id: $person})-[:IS_LOCATED_IN]->(:City)-[:IS_PART_OF*1..2]->(x)"))},
		{"l-filter-both-ends", "unindexed filter", LDBC,
			query(count("b"), match("(a:Person)-[:KNOWS]->(b:Person)").where(prop("a", "gender", "'female'"), prop("b", "browserUsed", "'Chrome'")))},
		{"l-filter-both-ends-mixed", "unindexed filter", LDBC,
			query(count("m"), match("(m:Post)-[:HAS_CREATOR]->(p:Person)").where(raw("m.length > 100", "m"), prop("p", "gender", "'male'")))},
		{"l-filter-comment-country", "unindexed filter", LDBC,
			query(countDistinct("c"), match("(m:Comment)-[:IS_LOCATED_IN]->(c:Country)").where(prop("m", "browserUsed", "'Safari'")))},
		{"l-degree-posts", "degree", LDBC,
			query(degree("a", "(a)<-[:HAS_CREATOR]-(:Post)"), match("(a:Person {id: $person})"))},
		{"l-degree-over-knows", "degree", LDBC,
			query(degreeOver("a", "(a)-[:KNOWS]-()", 20), match("(a:Person)"))},
		{"l-avg-interests-per-gender", "degree", LDBC,
			query(avgDegree("a", "(a)-[:HAS_INTEREST]->(:Tag)", vars("a"), it("a.gender", "g")), match("(a:Person)"))},
		{"l-in-list-knows", "IN list", LDBC,
			query(countDistinct("b"), match("(a:Person)-[:KNOWS]-(b)").where(prop("a", "id", "$l1", "$l2", "$l3")))},
		{"l-in-list-two-hop-interests", "IN list", LDBC,
			query(countDistinct("t"), match("(a:Person)-[:KNOWS]-()-[:HAS_INTEREST]->(t:Tag)").where(prop("a", "id", "$l1", "$l2", "$l3")))},
		{"l-in-list-browsers", "IN list", LDBC,
			query(count("m"), match("(m:Comment)-[:HAS_CREATOR]->(p:Person {id: $person})").where(prop("m", "browserUsed", "'Chrome'", "'Firefox'")))},
		{"l-rel-count-not-implied", "relationship count", LDBC,
			query(count("r"), match("(:Comment)-[r:IS_LOCATED_IN]->(:Country)"))},
		{"l-rel-count-implied", "relationship count", LDBC,
			query(count("r"), match("(:Person)-[r:KNOWS]->(:Person)"))},
		{"l-rel-count-absent-label", "relationship count", LDBC,
			query(count("r"), match("(:Forum)-[r:HAS_CREATOR]->()"))},
		{"l-rel-count-per-type", "relationship count", LDBC,
			query(group(vars("r"), []Item{it("type(r)", "t")}, []Item{it("count(*)", "n")}, "t", 0), match("(:Message)-[r]->(:Person)"))},
		{"l-exists-forum-tag", "existence", LDBC,
			query(count("a"), match("(a:Person)").where(exists("(a)<-[:HAS_MEMBER]-(:Forum)-[:HAS_TAG]->(:Tag {name: $tag})")))},
		{"l-exists-liked-by-friend", "existence", LDBC,
			query(count("m"), match("(a:Person {id: $person})", "(m:Post)").where(exists("(a)-[:KNOWS]-(:Person)-[:LIKES]->(m)")))},
		{"l-not-exists-posts", "existence", LDBC,
			query(count("a"), match("(a:Person)").where(notExists("(a)<-[:HAS_CREATOR]-(:Post)")))},
		{"l-count-at-least-comments", "existence", LDBC,
			query(distinct(vars("a"), it("a.id", "id")), match("(a:Person)").where(exists("(a)<-[:HAS_CREATOR]-(:Comment)-[:REPLY_OF]->(:Post)").atLeast(20)))},
		{"l-top-members", "ORDER BY / LIMIT", LDBC,
			query(group(vars("a"), []Item{it("a.id", "id")}, []Item{it("count(*)", "n")}, "n DESC, id", 10), match("(a:Person)<-[:HAS_MEMBER]-(:Forum)"))},
		{"l-top-post-tags", "ORDER BY / LIMIT", LDBC,
			query(group(vars("t"), []Item{it("t.name", "name")}, []Item{it("count(*)", "n")}, "n DESC, name", 5), match("(:Post)-[:HAS_TAG]->(t:Tag)"))},
		{"l-knows-since", "unindexed filter", LDBC,
			query(countDistinct("b"), match("(a:Person {id: $person})-[k:KNOWS]-(b:Person)").where(raw("k.creationDate.year >= 2011", "k")))},
		{"l-three-hop-reversed", "2-hop distinct", LDBC,
			query(countDistinct("c"), match("(t:Tag {name: $tag})<-[:HAS_TAG]-(:Post)-[:HAS_CREATOR]->(:Person)-[:IS_LOCATED_IN]->(c:City)"))},
		{"l-two-anchors-knows", "*1..3 distinct", LDBC,
			query(count("b"), match("(a:Person {id: $person})-[:KNOWS*2..3]-(b:Person {id: $other})"))},
		{"l-rel-count-per-label", "relationship count", LDBC,
			query(group(vars("m"), []Item{it("m:Post", "post")}, []Item{it("count(*)", "n")}, "post", 0), match("(m:Message)-[:HAS_CREATOR]->(:Person {id: $person})"))},
		{"l-top-commenters", "ORDER BY / LIMIT", LDBC,
			query(group(vars("p"), []Item{it("p.id", "id")}, []Item{it("count(*)", "n")}, "n DESC, id", 10), match("(p:Person)<-[:HAS_CREATOR]-(:Comment)"))},
		{"l-inner-gender", "unindexed filter", LDBC,
			query(countDistinct("c"), match("(a:Person {id: $person})-[:KNOWS]-(f:Person)-[:KNOWS]-(c:Person)").where(prop("f", "gender", "'female'")))},
		{"l-degree-over-likes", "degree", LDBC,
			query(degreeOver("p", "(p)-[:LIKES]->(:Comment)", 10), match("(p:Person)"))},
		{"l-in-list-forum-members", "IN list", LDBC,
			query(countDistinct("f"), match("(f:Forum)-[:HAS_MEMBER]->(p:Person)").where(prop("p", "id", "$l1", "$l2", "$l3")))},
		{"l-in-list-common-friends-since", "IN list", LDBC,
			query(countDistinct("x"), match("(a:Person)-[:KNOWS]-(x:Person)-[k:KNOWS]-(b:Person {id: $person})").where(prop("a", "id", "$l1", "$l2", "$l3"), raw("k.creationDate.year >= 2011", "k")))},

		// Stack Overflow.
		{"s-co-tags", "2-hop distinct", StackOverflow,
			query(countDistinct("t"), match("(a:Tag {name: $tag2})<-[:TAGGED]-(:Question)-[:TAGGED]->(t:Tag)"))},
		{"s-answerers-of-asker", "2-hop distinct", StackOverflow,
			query(distinct(vars("u"), it("u.user_id", "id")), match("(a:User {user_id: $user})-[:ASKED]->(:Question)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(u:User)"))},
		{"s-tags-answered-by", "2-hop distinct", StackOverflow,
			query(countDistinct("t"), match("(u:User {user_id: $provider})-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(t:Tag)"))},
		{"s-var-1-3-tagged", "*1..3 distinct", StackOverflow,
			query(countDistinct("x"), match("(a:Tag {name: $tag2})-[:TAGGED*1..3]-(x)"))},
		{"s-filter-both-ends", "unindexed filter", StackOverflow,
			query(count("a"), match("(u:User)-[:PROVIDED]->(a:Answer)").where(raw("a.score > 2", "a"), raw("u.display_name STARTS WITH 'A'", "u")))},
		{"s-filter-views-tag", "unindexed filter", StackOverflow,
			query(countDistinct("q"), match("(q:Question)-[:TAGGED]->(t:Tag)").where(raw("q.view_count > 1000", "q"), raw("t.name <> 'neo4j'", "t")))},
		{"s-degree-tags", "degree", StackOverflow,
			query(degree("q", "(q)-[:TAGGED]->()"), match("(q:Question {question_id: $question})"))},
		{"s-degree-over-provided", "degree", StackOverflow,
			query(degreeOver("u", "(u)-[:PROVIDED]->(:Answer)", 5), match("(u:User)"))},
		{"s-in-list-askers", "IN list", StackOverflow,
			query(countDistinct("q"), match("(u:User)-[:ASKED]->(q)").where(prop("u", "user_id", "$l1", "$l2", "$l3")))},
		{"s-in-list-tags-two-hop", "IN list", StackOverflow,
			query(countDistinct("u"), match("(t:Tag)<-[:TAGGED]-(:Question)<-[:ASKED]-(u:User)").where(prop("t", "name", "$tag2", "'ubuntu'", "'no-such-tag'")))},
		{"s-rel-count-implied", "relationship count", StackOverflow,
			query(count("r"), match("(:Answer)-[r:ANSWERED]->(:Question)"))},
		{"s-rel-count-absent-label", "relationship count", StackOverflow,
			query(count("r"), match("(:User)-[r:TAGGED]->()"))},
		{"s-rel-count-per-type", "relationship count", StackOverflow,
			query(group(vars("r"), []Item{it("type(r)", "t")}, []Item{it("count(*)", "n")}, "t", 0), match("(:User)-[r]->()"))},
		{"s-exists-answered", "existence", StackOverflow,
			query(count("q"), match("(q:Question)-[:TAGGED]->(:Tag {name: $tag2})").where(exists("(q)<-[:ANSWERED]-(:Answer)")))},
		{"s-not-exists-commented", "existence", StackOverflow,
			query(count("q"), match("(u:User {user_id: $user})-[:ASKED]->(q:Question)").where(notExists("(q)<-[:COMMENTED_ON]-(:Comment)")))},
		{"s-exists-self-answer", "existence", StackOverflow,
			query(count("u"), match("(u:User)").where(exists("(u)-[:ASKED]->(:Question)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(u)")))},
		{"s-top-providers", "ORDER BY / LIMIT", StackOverflow,
			query(group(vars("u"), []Item{it("u.user_id", "id")}, []Item{it("count(*)", "n")}, "n DESC, id", 10), match("(u:User)-[:PROVIDED]->()"))},
		{"s-top-tags-of-answered", "ORDER BY / LIMIT", StackOverflow,
			query(group(vars("t"), []Item{it("t.name", "name")}, []Item{it("count(*)", "n")}, "n DESC, name", 5), match("(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(t:Tag)"))},
		{"s-three-hop-reversed", "2-hop distinct", StackOverflow,
			query(countDistinct("u"), match("(t:Tag {name: $tag2})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(u:User)"))},
		{"s-two-anchors", "2-hop distinct", StackOverflow,
			query(count("q"), match("(a:User {user_id: $user})-[:ASKED]->(q:Question)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(b:User {user_id: $provider})"))},
		{"s-inner-score", "unindexed filter", StackOverflow,
			query(count("a"), match("(t:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer)").where(raw("q.view_count > 500", "q")))},
		{"s-rel-count-per-label", "relationship count", StackOverflow,
			query(group(vars("x", "r"), []Item{it("head(labels(x))", "l"), it("type(r)", "t")}, []Item{it("count(*)", "n")}, "l, t", 0), match("(:User {user_id: $provider})-[r]->(x)"))},
		{"s-top-answered-ties", "ORDER BY / LIMIT", StackOverflow,
			query(group(vars("q"), []Item{it("q.question_id", "id")}, []Item{it("count(*)", "n")}, "n DESC, id", 5), match("(q:Question)<-[:ANSWERED]-()"))},
		{"s-not-exists-answered", "existence", StackOverflow,
			query(count("q"), match("(q:Question)-[:TAGGED]->(:Tag {name: $tag})").where(notExists("(q)<-[:ANSWERED]-()")))},
	}
}
