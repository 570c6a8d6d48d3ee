# Creating nodes with computed labels (Neo4j Cypher 5 manual, CREATE and
# MERGE with dynamic labels).
Feature: Computed labels in CREATE and MERGE

  Scenario: CREATE and MERGE a node with a computed label
    Given an empty graph
    And parameters are:
      | l | 'Q' |
    When executing query:
      """
      CREATE (n:P:$($l) {k: 1}) MERGE (m:$($l) {k: 1}) RETURN labels(n) AS ls, n = m AS same
      """
    Then the result should be (ignoring element order for lists):
      | ls         | same |
      | ['P', 'Q'] | true |
    And the side effects should be:
      | +nodes      | 1 |
      | +labels     | 2 |
      | +properties | 1 |

  Scenario: CREATE and MERGE a relationship with a computed type
    Given an empty graph
    And parameters are:
      | t | 'R' |
    When executing query:
      """
      CREATE (a:A)-[r:$($t)]->(b:B), (a)-[s:$([$t + 'S'])]->(b)
      MERGE (a)-[m:$($t)]->(b)
      RETURN type(r) AS t, type(s) AS s, r = m AS same
      """
    Then the result should be, in any order:
      | t   | s    | same |
      | 'R' | 'RS' | true |
    And the side effects should be:
      | +nodes         | 2 |
      | +relationships | 2 |
      | +labels        | 2 |

  Scenario: a computed relationship type must be one string
    Given an empty graph
    When executing query:
      """
      CREATE (a)-[:$(null)]->(b)
      """
    Then a TypeError should be raised at runtime: *

  Scenario: a relationship to create cannot have one of several computed types
    Given an empty graph
    When executing query:
      """
      CREATE (a)-[:$any(['R', 'S'])]->(b)
      """
    Then a SyntaxError should be raised at compile time: NoSingleRelationshipType
