# Conditional queries (Cypher 25 manual, "Conditional queries (WHEN)").
Feature: Conditional queries

  Scenario: the first branch whose condition holds runs
    Given any graph
    And parameters are:
      | x | 1 |
    When executing query:
      """
      WHEN $x > 1 THEN RETURN 'big' AS r
      WHEN $x > 0 THEN RETURN 'small' AS r
      ELSE RETURN 'none' AS r
      """
    Then the result should be, in any order:
      | r       |
      | 'small' |
    And no side effects

  Scenario: ELSE runs when no condition holds, and a null condition does not hold
    Given any graph
    When executing query:
      """
      WHEN null THEN RETURN 1 AS r
      WHEN 1 > 2 THEN RETURN 2 AS r
      ELSE RETURN 3 AS r
      """
    Then the result should be, in any order:
      | r |
      | 3 |
    And no side effects

  Scenario: without ELSE and with no condition holding there are no rows
    Given any graph
    When executing query:
      """
      WHEN false THEN RETURN 1 AS r
      """
    Then the result should be, in any order:
      | r |
    And no side effects

  Scenario: a branch may update the graph
    Given an empty graph
    When executing query:
      """
      WHEN true THEN CREATE (:A) WHEN true THEN CREATE (:B)
      """
    Then the result should be empty
    And the side effects should be:
      | +nodes  | 1 |
      | +labels | 1 |

  Scenario: conditional queries are only supported as a whole statement
    Given any graph
    When executing query:
      """
      CALL { WHEN true THEN RETURN 1 AS r } RETURN r
      """
    Then a SyntaxError should be raised at compile time: InvalidClauseComposition
