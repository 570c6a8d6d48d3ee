# Path selectors and path modes (Neo4j Cypher 5 manual, "Shortest paths"
# and "Path modes"; GQL path search prefixes).
Feature: Path selectors and modes

  Background:
    Given an empty graph
    And having executed:
      """
      CREATE (a {name: 'a'})-[:R]->(b {name: 'b'})-[:R]->(d {name: 'd'}),
             (a)-[:R]->(c {name: 'c'})-[:R]->(d),
             (a)-[:R]->(e {name: 'e'})-[:R]->(f {name: 'f'})-[:R]->(d),
             (x {name: 'x'})-[:C]->(y {name: 'y'})-[:C]->(x)
      """

  Scenario: SHORTEST 1 finds one shortest path
    When executing query:
      """
      MATCH p = SHORTEST 1 (s {name: 'a'})-[:R]->+(t {name: 'd'}) RETURN length(p) AS l, count(*) AS c
      """
    Then the result should be, in any order:
      | l | c |
      | 2 | 1 |
    And no side effects

  Scenario: ALL SHORTEST finds every shortest path
    When executing query:
      """
      MATCH p = ALL SHORTEST (s {name: 'a'})-[:R]->+(t {name: 'd'})
      RETURN [n IN nodes(p) | n.name] AS ns
      """
    Then the result should be, in any order:
      | ns              |
      | ['a', 'b', 'd'] |
      | ['a', 'c', 'd'] |
    And no side effects

  Scenario: SHORTEST 1 GROUPS is the group of shortest paths
    When executing query:
      """
      MATCH p = SHORTEST 1 GROUPS (s {name: 'a'})-[:R]->+(t {name: 'd'}) RETURN count(p) AS c
      """
    Then the result should be, in any order:
      | c |
      | 2 |
    And no side effects

  Scenario: ANY SHORTEST and ANY return one path per pair of end nodes
    When executing query:
      """
      MATCH p = ANY SHORTEST (s {name: 'a'})-[:R]->+(t {name: 'd'})
      MATCH q = ANY (s)-[:R]->+(t)
      RETURN length(p) AS l, count(q) AS c
      """
    Then the result should be, in any order:
      | l | c |
      | 2 | 1 |
    And no side effects

  Scenario: a shortest path over a quantified path pattern
    When executing query:
      """
      MATCH p = SHORTEST 1 (s {name: 'a'}) (()-[:R]->())+ (t {name: 'd'}) RETURN length(p) AS l
      """
    Then the result should be, in any order:
      | l |
      | 2 |
    And no side effects

  Scenario: a path mode with a selector, and an undirected shortest path
    When executing query:
      """
      MATCH p = ALL SHORTEST TRAIL PATHS (s {name: 'f'})-[:R]-{1,4}(t {name: 'b'})
      RETURN [n IN nodes(p) | n.name] AS ns
      """
    Then the result should be, in any order:
      | ns              |
      | ['f', 'd', 'b'] |
    And no side effects

  Scenario: ACYCLIC paths repeat no node
    When executing query:
      """
      MATCH p = ACYCLIC (s {name: 'x'})-[:C]->+(t) RETURN t.name AS t
      """
    Then the result should be, in any order:
      | t   |
      | 'y' |
    And no side effects

  Scenario: SIMPLE paths may end where they start
    When executing query:
      """
      MATCH p = SIMPLE (s {name: 'x'})-[:C]->+(t) RETURN t.name AS t
      """
    Then the result should be, in any order:
      | t   |
      | 'y' |
      | 'x' |
    And no side effects

  Scenario: TRAIL is the default mode and ALL the default selector
    When executing query:
      """
      MATCH p = ALL TRAIL (s {name: 'x'})-[:C]->+(t) RETURN count(*) AS c
      """
    Then the result should be, in any order:
      | c |
      | 2 |
    And no side effects

  Scenario: SHORTEST k WALK may repeat relationships, the default TRAIL may not
    When executing query:
      """
      MATCH p = SHORTEST 3 WALK (s {name: 'x'})-[:C]->+(t {name: 'y'})
      RETURN length(p) AS l
      """
    Then the result should be, in any order:
      | l |
      | 1 |
      | 3 |
      | 5 |
    And no side effects

  Scenario: SHORTEST k TRAIL stops where the trails end
    When executing query:
      """
      MATCH p = SHORTEST 3 (s {name: 'x'})-[:C]->+(t {name: 'y'})
      RETURN length(p) AS l
      """
    Then the result should be, in any order:
      | l |
      | 1 |
    And no side effects

  Scenario: the shortest path from a node back to itself is its shortest cycle
    When executing query:
      """
      MATCH p = SHORTEST 1 (s {name: 'x'})-[:C]->+(s)
      RETURN [n IN nodes(p) | n.name] AS ns
      """
    Then the result should be, in any order:
      | ns              |
      | ['x', 'y', 'x'] |
    And no side effects

  Scenario: SHORTEST k GROUPS under each path mode (GQL order), undirected
    When executing query:
      """
      MATCH p = SHORTEST 3 WALK GROUPS (s {name: 'f'})-[:R]-+(t {name: 'b'})
      WITH 'WALK' AS mode, count(p) AS c
      RETURN mode, c
      UNION ALL
      MATCH p = SHORTEST 3 TRAIL GROUPS (s {name: 'f'})-[:R]-+(t {name: 'b'})
      RETURN 'TRAIL' AS mode, count(p) AS c
      UNION ALL
      MATCH p = SHORTEST 3 ACYCLIC GROUPS (s {name: 'f'})-[:R]-+(t {name: 'b'})
      RETURN 'ACYCLIC' AS mode, count(p) AS c
      """
    Then the result should be, in any order:
      | mode      | c |
      | 'WALK'    | 8 |
      | 'TRAIL'   | 3 |
      | 'ACYCLIC' | 3 |
    And no side effects

  Scenario: SIMPLE paths may close a cycle, ACYCLIC ones may not
    When executing query:
      """
      MATCH p = SHORTEST 2 SIMPLE (s {name: 'a'})-[:R]-+(s)
      RETURN length(p) AS l
      """
    Then the result should be, in any order:
      | l |
      | 4 |
      | 4 |
    And no side effects

  Scenario: WALK without a shortest selector is refused
    When executing query:
      """
      MATCH p = WALK (s {name: 'x'})-[:C]->{1,3}(t) RETURN p
      """
    Then a SemanticError should be raised at compile time: Unsupported
