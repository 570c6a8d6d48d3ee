Feature: CRLF line endings

  Scenario: pass: doc strings and tables lose their CR
    Given any graph
    When executing query:
      """
      MATCH (n)
      RETURN n.name
      """
    Then the result should be, in any order:
      | n.name |
      | 'x'    |

  Scenario: fail wrong result: still compared
    Given any graph
    When executing query:
      """
      MATCH (n)
      RETURN n.name
      """
    Then the result should be, in any order:
      | n.name |
      | 'y'    |
