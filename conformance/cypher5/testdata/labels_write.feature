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

  Scenario: a relationship with a computed type cannot be created yet
    Given an empty graph
    When executing query:
      """
      CREATE (a)-[:$('R')]->(b)
      """
    Then a SemanticError should be raised at compile time: Unsupported
