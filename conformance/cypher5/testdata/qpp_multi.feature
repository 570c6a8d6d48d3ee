# Quantified path patterns of several relationships (Neo4j Cypher 5
# manual, "Quantified path patterns": each iteration matches the whole
# inner pattern, and its variables become lists).
Feature: Quantified path patterns of several relationships

  Background:
    Given an empty graph
    And having executed:
      """
      CREATE (a {name: 'a', v: 1})-[:R]->(b {name: 'b', v: 2})<-[:S]-(c {name: 'c', v: 3})
             -[:R]->(d {name: 'd', v: 4})<-[:S]-(e {name: 'e', v: 0}),
             (p {name: 'p'})-[:A {w: 1}]->(q {name: 'q'})-[:B]->(r {name: 'r'})-[:A {w: 2}]->(s {name: 's'})-[:B]->(t {name: 't'})
      """

  Scenario: iterations of a pattern with mixed directions
    When executing query:
      """
      MATCH (s {name: 'a'}) ((x)-[:R]->(y)<-[:S]-(z)){1,2} (t)
      RETURN t.name AS t, [n IN y | n.name] AS ys, [n IN z | n.name] AS zs
      """
    Then the result should be, in any order:
      | t   | ys         | zs         |
      | 'c' | ['b']      | ['c']      |
      | 'e' | ['b', 'd'] | ['c', 'e'] |
    And no side effects

  Scenario: only whole iterations match
    When executing query:
      """
      MATCH (s {name: 'p'}) ((u)-[:A]->(v)-[:B]->(w))+ (t) RETURN t.name AS t
      """
    Then the result should be, in any order:
      | t   |
      | 'r' |
      | 't' |
    And no side effects

  Scenario: inner predicates and relationship group variables
    When executing query:
      """
      MATCH (s {name: 'a'}) ((x)-[:R]->(y)<-[:S]-(z) WHERE z.v > x.v){1,2} (t) RETURN t.name AS t
      """
    Then the result should be, in any order:
      | t   |
      | 'c' |
    And no side effects

  Scenario: relationship properties inside the pattern
    When executing query:
      """
      MATCH (s {name: 'p'}) (()-[a:A {w: 1}]->()-[b:B]->())+ (t)
      RETURN t.name AS t, size(a) AS n, [x IN b | type(x)] AS bs
      """
    Then the result should be, in any order:
      | t   | n | bs    |
      | 'r' | 1 | ['B'] |
    And no side effects
