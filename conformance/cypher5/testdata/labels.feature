# Dynamic labels and types, label expressions (Neo4j Cypher 5 manual,
# "Label expressions" and "Dynamically setting labels and types").
Feature: Labels and types

  Background:
    Given an empty graph
    And having executed:
      """
      CREATE (a:A:X {name: 'a'})-[:KNOWS]->(b:B {name: 'b'}),
             (a)-[:LIKES]->(c:C {name: 'c'}),
             (b)-[:HATES]->(c)
      """

  Scenario: MATCH on a computed label
    And parameters are:
      | label | 'B' |
    When executing query:
      """
      MATCH (n:$($label)) RETURN n.name AS n
      """
    Then the result should be, in any order:
      | n   |
      | 'b' |
    And no side effects

  Scenario: a computed list of labels means all of them, $any any of them
    When executing query:
      """
      MATCH (n:$(['A', 'X'])) MATCH (m:$any(['B', 'C'])) RETURN n.name AS n, m.name AS m
      """
    Then the result should be, in any order:
      | n   | m   |
      | 'a' | 'b' |
      | 'a' | 'c' |
    And no side effects

  Scenario: MATCH on a computed relationship type
    And parameters are:
      | t | 'LIKES' |
    When executing query:
      """
      MATCH (x)-[r:$($t)]->(y) RETURN x.name AS x, y.name AS y
      """
    Then the result should be, in any order:
      | x   | y   |
      | 'a' | 'c' |
    And no side effects

  Scenario: relationship type negation and wildcard
    When executing query:
      """
      MATCH (x)-[r:!KNOWS]->(y) MATCH (p)-[:%]->(q {name: 'b'}) RETURN type(r) AS t, p.name AS p
      """
    Then the result should be, in any order:
      | t       | p   |
      | 'LIKES' | 'a' |
      | 'HATES' | 'a' |
    And no side effects

  Scenario: a type expression on a quantified relationship holds on every hop
    When executing query:
      """
      MATCH (x {name: 'a'})-[:!LIKES]->+(y) RETURN y.name AS y
      """
    Then the result should be, in any order:
      | y   |
      | 'b' |
      | 'c' |
    And no side effects

  Scenario: node label expressions with negation, conjunction and wildcard
    When executing query:
      """
      MATCH (n:!A&%) WHERE n:B|C RETURN n.name AS n ORDER BY n
      """
    Then the result should be, in order:
      | n   |
      | 'b' |
      | 'c' |
    And no side effects

  Scenario: WHERE with a computed label
    When executing query:
      """
      MATCH (n) WHERE n:$('C') OR n:$any(['Z', 'X']) RETURN n.name AS n
      """
    Then the result should be, in any order:
      | n   |
      | 'a' |
      | 'c' |
    And no side effects

  Scenario: SET and REMOVE computed labels
    When executing query:
      """
      MATCH (n {name: 'b'}) SET n:$(n.name + 'x'):$(['Y', 'Z']) REMOVE n:$('B')
      RETURN labels(n) AS ls
      """
    Then the result should be (ignoring element order for lists):
      | ls              |
      | ['bx', 'Y', 'Z'] |
    And the side effects should be:
      | +labels | 3 |
      | -labels | 1 |
