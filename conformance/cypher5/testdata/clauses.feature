# GQL and Cypher 5 / 25 clauses: LET, FILTER, FINISH, OFFSET, scoped CALL
# subqueries, COLLECT subqueries, ASC/DESC as names, IN TRANSACTIONS.
Feature: Clauses

  Background:
    Given an empty graph
    And having executed:
      """
      CREATE (:P {x: 1}), (:P {x: 2}), (:P {x: 3})
      """

  Scenario: LET binds variables that later items and clauses see
    When executing query:
      """
      MATCH (n:P) LET a = n.x, b = a * 10 RETURN a, b ORDER BY a
      """
    Then the result should be, in order:
      | a | b  |
      | 1 | 10 |
      | 2 | 20 |
      | 3 | 30 |
    And no side effects

  Scenario: LET cannot rebind a variable
    When executing query:
      """
      MATCH (n:P) LET n = 1 RETURN n
      """
    Then a SyntaxError should be raised at compile time: VariableAlreadyBound

  Scenario: FILTER keeps the rows where its predicate holds
    When executing query:
      """
      MATCH (n:P) FILTER n.x > 1 FILTER WHERE n.x < 3 RETURN n.x AS x
      """
    Then the result should be, in any order:
      | x |
      | 2 |
    And no side effects

  Scenario: FINISH ends an updating query without rows
    When executing query:
      """
      MATCH (n:P) WHERE n.x = 1 SET n.y = 1 FINISH
      """
    Then the result should be empty
    And the side effects should be:
      | +properties | 1 |

  Scenario: FINISH must be last
    When executing query:
      """
      MATCH (n:P) FINISH RETURN n
      """
    Then a SyntaxError should be raised at compile time: InvalidClauseComposition

  Scenario: OFFSET is SKIP
    When executing query:
      """
      MATCH (n:P) RETURN n.x AS x ORDER BY x OFFSET 1 LIMIT 1
      """
    Then the result should be, in order:
      | x |
      | 2 |
    And no side effects

  Scenario: a scoped CALL subquery imports the variables it names
    When executing query:
      """
      MATCH (n:P) CALL (n) { RETURN n.x * 2 AS y } RETURN y ORDER BY y
      """
    Then the result should be, in order:
      | y |
      | 2 |
      | 4 |
      | 6 |
    And no side effects

  Scenario: a COLLECT subquery
    When executing query:
      """
      RETURN COLLECT { MATCH (n:P) RETURN n.x ORDER BY n.x DESC } AS xs
      """
    Then the result should be, in any order:
      | xs        |
      | [3, 2, 1] |
    And no side effects

  Scenario: asc and desc are names too
    When executing query:
      """
      UNWIND [2, 1] AS asc WITH asc, -asc AS desc RETURN asc, desc ORDER BY desc DESC, asc ASC
      """
    Then the result should be, in order:
      | asc | desc |
      | 1   | -1   |
      | 2   | -2   |
    And no side effects
