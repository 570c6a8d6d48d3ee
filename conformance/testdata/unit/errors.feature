Feature: Errors

  Scenario: pass: type, phase and detail match
    Given any graph
    When executing query:
      """
      undefined variable
      """
    Then a SyntaxError should be raised at compile time: UndefinedVariable

  Scenario: fail wrong error: the type is compared
    Given any graph
    When executing query:
      """
      undefined variable
      """
    Then a TypeError should be raised at compile time: UndefinedVariable

  Scenario: fail wrong error: the phase is compared
    Given any graph
    When executing query:
      """
      undefined variable
      """
    Then a SyntaxError should be raised at runtime: UndefinedVariable

  Scenario: fail wrong error: the detail is compared
    Given any graph
    When executing query:
      """
      undefined variable
      """
    Then a SyntaxError should be raised at compile time: VariableAlreadyBound

  Scenario: pass: the detail wildcard
    Given any graph
    When executing query:
      """
      undefined variable
      """
    Then a SyntaxError should be raised at compile time: *

  Scenario: pass: any time accepts compile time
    Given any graph
    When executing query:
      """
      undefined variable
      """
    Then a SyntaxError should be raised at any time: UndefinedVariable

  Scenario: pass: any time accepts runtime
    Given any graph
    When executing query:
      """
      division by zero
      """
    Then an ArithmeticError should be raised at any time: *

  Scenario: pass: the type wildcard Error with the article an
    Given any graph
    When executing query:
      """
      division by zero
      """
    Then an Error should be raised at runtime: *

  Scenario: fail wrong error: the type wildcard still checks the detail
    Given any graph
    When executing query:
      """
      division by zero
      """
    Then a Error should be raised at runtime: Overflow

  Scenario: fail wrong error: an unclassified error matches nothing
    Given any graph
    When executing query:
      """
      plain error
      """
    Then a Error should be raised at any time: *

  Scenario: fail internal error: an internal error is never the expected error
    Given any graph
    When executing query:
      """
      internal error
      """
    Then a Error should be raised at any time: *

  Scenario: fail missing error: the query must fail
    Given any graph
    When executing query:
      """
      succeeds
      """
    Then a SyntaxError should be raised at compile time: UndefinedVariable

  Scenario: fail wrong side effects: a failed query must leave the graph unchanged
    Given any graph
    When executing query:
      """
      fails after writing
      """
    Then a ConstraintVerificationFailed should be raised at runtime: DeleteConnectedNode

  Scenario: fail bad scenario: a malformed error step
    Given any graph
    When executing query:
      """
      undefined variable
      """
    Then a SyntaxError should be raised at lunchtime: UndefinedVariable
