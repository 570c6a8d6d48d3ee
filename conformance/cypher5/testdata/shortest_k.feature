# SHORTEST k, SHORTEST k GROUPS and ANY k with path modes and pre-filters
# (Neo4j Cypher 5 manual, "Shortest paths": the k shortest paths per pair
# of end nodes, ties broken arbitrarily; with GROUPS every path of the k
# shortest lengths. Predicates inside the path pattern filter the paths
# before the selection, the MATCH's WHERE after it).
Feature: SHORTEST k and SHORTEST k GROUPS

  Background:
    Given an empty graph
    And having executed:
      """
      CREATE (a:N {name: 'a'}), (b:N {name: 'b'}), (c:N {name: 'c', closed: true}),
             (d:N {name: 'd'}), (e:N {name: 'e'}), (f:N {name: 'f'}),
             (a)-[:R {w: 1}]->(b), (b)-[:R {w: 1}]->(f), (a)-[:R {w: 1}]->(c),
             (c)-[:R {w: 5}]->(f), (a)-[:R {w: 2}]->(d), (d)-[:R {w: 2}]->(e),
             (e)-[:R {w: 2}]->(f), (b)-[:R {w: 1}]->(c)
      """

  Scenario: SHORTEST 2 returns the two shortest paths
    When executing query:
      """
      MATCH p = SHORTEST 2 (s {name: 'a'})-[:R]->+(t {name: 'f'})
      RETURN [n IN nodes(p) | n.name] AS ns
      """
    Then the result should be, in any order:
      | ns              |
      | ['a', 'b', 'f'] |
      | ['a', 'c', 'f'] |
    And no side effects

  Scenario: SHORTEST 3 goes on to the next length and breaks the tie there
    When executing query:
      """
      MATCH p = SHORTEST 3 (s {name: 'a'})-[:R]->+(t {name: 'f'})
      RETURN length(p) AS l, count(*) AS c
      """
    Then the result should be, in any order:
      | l | c |
      | 2 | 2 |
      | 3 | 1 |
    And no side effects

  Scenario: SHORTEST k returns every path when there are fewer than k
    When executing query:
      """
      MATCH p = SHORTEST 10 PATHS (s {name: 'a'})-[:R]->+(t {name: 'f'})
      RETURN length(p) AS l, count(*) AS c
      """
    Then the result should be, in any order:
      | l | c |
      | 2 | 2 |
      | 3 | 2 |
    And no side effects

  Scenario: SHORTEST 2 GROUPS returns every path of the two shortest lengths
    When executing query:
      """
      MATCH p = SHORTEST 2 GROUPS (s {name: 'a'})-[:R]->+(t {name: 'f'})
      RETURN [n IN nodes(p) | n.name] AS ns
      """
    Then the result should be, in any order:
      | ns                   |
      | ['a', 'b', 'f']      |
      | ['a', 'c', 'f']      |
      | ['a', 'b', 'c', 'f'] |
      | ['a', 'd', 'e', 'f'] |
    And no side effects

  Scenario: the k shortest paths are selected per pair of end nodes
    When executing query:
      """
      MATCH p = SHORTEST 2 (s {name: 'a'})-[:R]->+(t)
      RETURN t.name AS t, min(length(p)) AS shortest, max(length(p)) AS longest, count(*) AS c
      """
    Then the result should be, in any order:
      | t   | shortest | longest | c |
      | 'b' | 1        | 1       | 1 |
      | 'c' | 1        | 2       | 2 |
      | 'd' | 1        | 1       | 1 |
      | 'e' | 2        | 2       | 1 |
      | 'f' | 2        | 2       | 2 |
    And no side effects

  Scenario: the shortest path from one node to every node of a label, itself by a cycle
    When executing query:
      """
      MATCH p = SHORTEST 1 (s:N {name: 'a'})-[:R]-+(t:N)
      RETURN t.name AS t, length(p) AS l
      """
    Then the result should be, in any order:
      | t   | l |
      | 'a' | 3 |
      | 'b' | 1 |
      | 'c' | 1 |
      | 'd' | 1 |
      | 'e' | 2 |
      | 'f' | 2 |
    And no side effects

  Scenario: allShortestPaths from one node to every node it reaches
    When executing query:
      """
      MATCH p = allShortestPaths((s {name: 'a'})-[:R*]->(t))
      RETURN t.name AS t, length(p) AS l, count(*) AS c
      """
    Then the result should be, in any order:
      | t   | l | c |
      | 'b' | 1 | 1 |
      | 'c' | 1 | 1 |
      | 'd' | 1 | 1 |
      | 'e' | 2 | 1 |
      | 'f' | 2 | 2 |
    And no side effects

  Scenario: SHORTEST k GROUPS per pair of end nodes
    When executing query:
      """
      MATCH p = SHORTEST 2 GROUPS (s {name: 'a'})-[:R]->+(t)
      RETURN t.name AS t, collect(DISTINCT length(p)) AS ls, count(*) AS c
      """
    Then the result should be, in any order:
      | t   | ls     | c |
      | 'b' | [1]    | 1 |
      | 'c' | [1, 2] | 2 |
      | 'd' | [1]    | 1 |
      | 'e' | [2]    | 1 |
      | 'f' | [2, 3] | 4 |
    And no side effects

  Scenario: a WHERE inside the quantified relationship filters before the selection
    When executing query:
      """
      MATCH p = SHORTEST 2 (s {name: 'a'})-[r:R WHERE r.w < 5]->+(t {name: 'f'})
      RETURN [n IN nodes(p) | n.name] AS ns, [x IN r | x.w] AS ws
      """
    Then the result should be, in any order:
      | ns                   | ws        |
      | ['a', 'b', 'f']      | [1, 1]    |
      | ['a', 'd', 'e', 'f'] | [2, 2, 2] |
    And no side effects

  Scenario: a property map on the quantified relationship filters before the selection
    When executing query:
      """
      MATCH p = SHORTEST 1 (s {name: 'a'})-[:R {w: 2}]->+(t {name: 'f'})
      RETURN [n IN nodes(p) | n.name] AS ns
      """
    Then the result should be, in any order:
      | ns                   |
      | ['a', 'd', 'e', 'f'] |
    And no side effects

  Scenario: the inner predicates of a quantified path pattern filter before the selection
    When executing query:
      """
      MATCH p = SHORTEST 2 (s {name: 'a'}) ((x)-[:R]->(y:N WHERE y.closed IS NULL))+ (t {name: 'f'})
      RETURN [n IN x | n.name] AS xs, [n IN y | n.name] AS ys
      """
    Then the result should be, in any order:
      | xs              | ys              |
      | ['a', 'b']      | ['b', 'f']      |
      | ['a', 'd', 'e'] | ['d', 'e', 'f'] |
    And no side effects

  Scenario: a quantified path pattern's WHERE over both inner nodes
    When executing query:
      """
      MATCH p = SHORTEST 1 GROUPS (s {name: 'a'}) ((x)-[r:R]->(y) WHERE r.w = 1 AND x.name < y.name)+ (t {name: 'f'})
      RETURN [n IN nodes(p) | n.name] AS ns
      """
    Then the result should be, in any order:
      | ns              |
      | ['a', 'b', 'f'] |
    And no side effects

  Scenario: the MATCH's WHERE filters after the selection
    When executing query:
      """
      MATCH p = SHORTEST 3 (s {name: 'a'})-[:R]->+(t {name: 'f'})
      WHERE length(p) > 2
      RETURN length(p) AS l
      """
    Then the result should be, in any order:
      | l |
      | 3 |
    And no side effects

  Scenario: a minimum length above 1
    When executing query:
      """
      MATCH p = SHORTEST 2 (s {name: 'a'})-[:R]->{3,}(t {name: 'f'})
      RETURN length(p) AS l
      """
    Then the result should be, in any order:
      | l |
      | 3 |
      | 3 |
    And no side effects

  Scenario: a maximum length bounds the search
    When executing query:
      """
      MATCH p = SHORTEST 5 (s {name: 'a'})-[:R]->{1,2}(t {name: 'f'})
      RETURN length(p) AS l
      """
    Then the result should be, in any order:
      | l |
      | 2 |
      | 2 |
    And no side effects

  Scenario: ANY k returns k paths per pair of end nodes
    When executing query:
      """
      MATCH p = ANY 3 PATHS (s {name: 'a'})-[:R]->+(t {name: 'f'})
      RETURN count(p) AS c
      """
    Then the result should be, in any order:
      | c |
      | 3 |
    And no side effects

  Scenario: SHORTEST k against the direction of the relationships
    When executing query:
      """
      MATCH p = SHORTEST 2 (t {name: 'f'})<-[:R]-+(s {name: 'a'})
      RETURN [n IN nodes(p) | n.name] AS ns
      """
    Then the result should be, in any order:
      | ns              |
      | ['f', 'b', 'a'] |
      | ['f', 'c', 'a'] |
    And no side effects

  Scenario: SHORTEST 0 is an error
    When executing query:
      """
      MATCH p = SHORTEST 0 (s {name: 'a'})-[:R]->+(t {name: 'f'}) RETURN p
      """
    Then a SyntaxError should be raised at compile time: InvalidArgumentValue

  Scenario: SHORTEST k over a quantified path pattern of two relationships is refused
    When executing query:
      """
      MATCH p = SHORTEST 2 (s {name: 'a'}) (()-[:R]->()-[:R]->())+ (t {name: 'f'}) RETURN p
      """
    Then a SemanticError should be raised at compile time: Unsupported

  Scenario: SHORTEST k needs a quantified relationship
    When executing query:
      """
      MATCH p = SHORTEST 2 (s {name: 'a'})-[:R]->(t) RETURN p
      """
    Then a SemanticError should be raised at compile time: Unsupported
