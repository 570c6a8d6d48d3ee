Feature: Outlines and Background

  Background:
    Given an empty graph
    And having executed:
      """
      background setup
      """

  Scenario Outline: <verdict>: placeholders in doc strings and table cells #Example: <name>
    When executing query:
      """
      RETURN <expr> AS x
      """
    Then the result should be, in any order:
      | x        | <col>    |
      | <result> | <result> |
    And no side effects

    Examples:
      | verdict                | name   | expr  | col | result     |
      | pass                   | int    | 1     | y   | 1          |
      | pass                   | string | 'a\|b' | y   | 'a\|b'    |
#     | pass                   | hidden | 3     | y   | 3          |
      | fail wrong result      | float  | 2     | y   | 2.0        |
      | fail wrong columns     | column | 1     | z   | 1          |
      | pass                   | pipe   | '\\'  | y   | '\\\\'     |

  Scenario: pass: the background ran first
    When executing query:
      """
      background count
      """
    Then the result should be, in any order:
      | n |
      | 1 |
    And no side effects
