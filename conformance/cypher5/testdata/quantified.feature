# Quantified relationships and quantified path patterns (Neo4j Cypher 5
# manual, "Quantified path patterns"; GQL path pattern quantifiers).
Feature: Quantified paths

  Background:
    Given an empty graph
    And having executed:
      """
      CREATE (a:S {name: 'a', v: 1})-[:NEXT {d: 1}]->(b:S {name: 'b', v: 2})
             -[:NEXT {d: 5}]->(c:S {name: 'c', v: 3})-[:NEXT {d: 1}]->(d:S {name: 'd', v: 0}),
             (a)-[:OTHER]->(d)
      """

  Scenario: one or more hops with +
    When executing query:
      """
      MATCH (x {name: 'a'})-[:NEXT]->+(y) RETURN y.name AS n
      """
    Then the result should be, in any order:
      | n   |
      | 'b' |
      | 'c' |
      | 'd' |
    And no side effects

  Scenario: zero or more hops with *
    When executing query:
      """
      MATCH (x {name: 'a'})-[:NEXT]->*(y) RETURN y.name AS n
      """
    Then the result should be, in any order:
      | n   |
      | 'a' |
      | 'b' |
      | 'c' |
      | 'd' |
    And no side effects

  Scenario: exactly n hops with {n}
    When executing query:
      """
      MATCH (x {name: 'a'})-[:NEXT]->{2}(y) RETURN y.name AS n
      """
    Then the result should be, in any order:
      | n   |
      | 'c' |
    And no side effects

  Scenario: an upper bound only with {,n}
    When executing query:
      """
      MATCH (x {name: 'a'})-->{,2}(y) RETURN y.name AS n
      """
    Then the result should be, in any order:
      | n   |
      | 'a' |
      | 'b' |
      | 'c' |
      | 'd' |
    And no side effects

  Scenario: a quantified relationship's inline WHERE holds on every hop
    When executing query:
      """
      MATCH (x {name: 'a'})-[r:NEXT WHERE r.d < 3]->+(y) RETURN y.name AS n, size(r) AS hops
      """
    Then the result should be, in any order:
      | n   | hops |
      | 'b' | 1    |
    And no side effects

  Scenario: a quantified relationship matched against its direction
    When executing query:
      """
      MATCH (t {name: 'd'})<-[:NEXT]-{3}(s) RETURN s.name AS n
      """
    Then the result should be, in any order:
      | n   |
      | 'a' |
    And no side effects

  Scenario: every pair joined by one or more hops
    When executing query:
      """
      MATCH (s)-[:NEXT]->+(t) RETURN count(*) AS c
      """
    Then the result should be, in any order:
      | c |
      | 6 |
    And no side effects

  Scenario: group variables of a quantified path pattern are lists
    When executing query:
      """
      MATCH (s {name: 'a'}) ((x)-[:NEXT]->(y)){1,3} (t)
      RETURN t.name AS t, [n IN x | n.name] AS xs, [n IN y | n.name] AS ys
      """
    Then the result should be, in any order:
      | t   | xs              | ys              |
      | 'b' | ['a']           | ['b']           |
      | 'c' | ['a', 'b']      | ['b', 'c']      |
      | 'd' | ['a', 'b', 'c'] | ['b', 'c', 'd'] |
    And no side effects

  Scenario: the WHERE of a quantified path pattern holds on every iteration
    When executing query:
      """
      MATCH (s {name: 'a'}) ((x)-[:NEXT]->(y) WHERE y.v > x.v)+ (t) RETURN t.name AS t
      """
    Then the result should be, in any order:
      | t   |
      | 'b' |
      | 'c' |
    And no side effects

  Scenario: inner labels and properties of a quantified path pattern
    When executing query:
      """
      MATCH (s {name: 'a'}) ((:S)-[:NEXT]->(:S {v: 2})){1} (t) RETURN t.name AS t
      """
    Then the result should be, in any order:
      | t   |
      | 'b' |
    And no side effects

  Scenario: inner node predicates apply to the first node too
    When executing query:
      """
      MATCH (s) ((x WHERE x.v >= 2)-[:NEXT]->(y))+ (t) RETURN s.name AS s, t.name AS t
      """
    Then the result should be, in any order:
      | s   | t   |
      | 'b' | 'c' |
      | 'b' | 'd' |
      | 'c' | 'd' |
    And no side effects

  Scenario: relationship group variables and a path over a quantified path pattern
    When executing query:
      """
      MATCH p = (s {name: 'a'}) (()-[r:NEXT]->()){2} (t)
      RETURN length(p) AS l, t.name AS t, [x IN r | x.d] AS ds
      """
    Then the result should be, in any order:
      | l | t   | ds     |
      | 2 | 'c' | [1, 5] |
    And no side effects

  Scenario: zero iterations bind the surrounding nodes to one node
    When executing query:
      """
      MATCH (s {name: 'd'}) ((x)-[:NEXT]->(y))* (t) RETURN t.name AS t, size(x) AS n
      """
    Then the result should be, in any order:
      | t   | n |
      | 'd' | 0 |
    And no side effects

  Scenario: a quantified path pattern starts a pattern
    When executing query:
      """
      MATCH ((x:S {name: 'c'})-[:NEXT]->(y)){1} RETURN [n IN y | n.name] AS ys
      """
    Then the result should be, in any order:
      | ys    |
      | ['d'] |
    And no side effects

  Scenario: a quantified relationship cannot create
    When executing query:
      """
      CREATE (a)-[:R]->+(b)
      """
    Then a SyntaxError should be raised at compile time: InvalidRelationshipPattern

  Scenario: quantified path patterns do not nest
    When executing query:
      """
      MATCH (((a)-->(b))+)+ RETURN a
      """
    Then a SyntaxError should be raised at compile time: InvalidRelationshipPattern
