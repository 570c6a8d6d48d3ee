Feature: Parameters, procedures, named graphs and control queries

  Scenario: pass: parameters are passed to the query
    Given any graph
    And parameters are:
      | name  | 'Stefan'                 |
      | props | [{a: 1}, {b: [1.5, null]}] |
    When executing query:
      """
      uses parameters
      """
    Then the result should be, in any order:
      | ok   |
      | true |

  Scenario: fail unexpected error: parameters must have their values
    Given any graph
    And parameters are:
      | name  | 'Stefan' |
      | props | [{a: 1}]  |
    When executing query:
      """
      uses parameters
      """
    Then the result should be, in any order:
      | ok   |
      | true |

  Scenario: pass: a procedure from a table
    Given an empty graph
    And there exists a procedure test.my.proc(name :: STRING?, id :: INTEGER?) :: (city :: STRING?, country_code :: INTEGER?):
      | name     | id | city      | country_code |
      | 'Andres' | 1  | 'Malmö'   | 46           |
      | 'Tobias' | 1  | 'Malmö'   | 46           |
      | 'Andres' | 1  | 'Berlin'  | 49           |
      | null     | 2  | 'Nowhere' | null         |
    When executing query:
      """
      call proc
      """
    Then the result should be, in order:
      | city     | country_code |
      | 'Malmö'  | 46           |
      | 'Berlin' | 49           |

  Scenario: fail wrong result: a procedure keeps its table order
    Given an empty graph
    And there exists a procedure test.my.proc(name :: STRING?, id :: INTEGER?) :: (city :: STRING?, country_code :: INTEGER?):
      | name     | id | city      | country_code |
      | 'Andres' | 1  | 'Berlin'  | 49           |
      | 'Andres' | 1  | 'Malmö'   | 46           |
    When executing query:
      """
      call proc
      """
    Then the result should be, in order:
      | city     | country_code |
      | 'Malmö'  | 46           |
      | 'Berlin' | 49           |

  Scenario: pass: a procedure without inputs and outputs has a single | table
    Given an empty graph
    And there exists a procedure test.doNothing() :: ():
      |
    When executing query:
      """
      call doNothing
      """
    Then the result should be empty
    And no side effects

  Scenario: fail bad scenario: a procedure table must name inputs then outputs
    Given an empty graph
    And there exists a procedure test.my.proc(in :: INTEGER?) :: (a :: INTEGER?, b :: INTEGER?) :
      | in | b | a |
      | 1  | 2 | 3 |
    When executing query:
      """
      call doNothing
      """
    Then the result should be empty

  Scenario: pass: a named graph is loaded without its terminating semicolon
    Given the tiny graph
    When executing query:
      """
      read
      """
    Then the result should be empty

  Scenario: fail setup failed: a missing named graph
    Given the huge graph
    When executing query:
      """
      read
      """
    Then the result should be empty

  Scenario: fail setup failed: a failing setup query fails the scenario
    Given an empty graph
    And having executed:
      """
      bad setup
      """
    When executing query:
      """
      read
      """
    Then the result should be empty

  Scenario: pass: a control query is checked by the next Then, after the side effects
    Given an empty graph
    When executing query:
      """
      create a node
      """
    Then the result should be empty
    And the side effects should be:
      | +nodes | 1 |
    When executing control query:
      """
      count nodes
      """
    Then the result should be, in any order:
      | count |
      | 1     |

  Scenario: fail wrong result: the control query result is compared
    Given an empty graph
    When executing query:
      """
      create a node
      """
    Then the result should be empty
    And the side effects should be:
      | +nodes | 1 |
    When executing control query:
      """
      count nodes
      """
    Then the result should be, in any order:
      | count |
      | 2     |

  Scenario: fail wrong columns: the main query result is still compared before a control query
    Given an empty graph
    When executing query:
      """
      create a node
      """
    Then the result should be, in any order:
      | count |
      | 1     |
    And the side effects should be:
      | +nodes | 1 |
    When executing control query:
      """
      count nodes
      """
    Then the result should be, in any order:
      | count |
      | 1     |

  Scenario: fail bad scenario: side effects after a control query
    Given an empty graph
    When executing query:
      """
      create a node
      """
    Then the result should be empty
    When executing control query:
      """
      count nodes
      """
    Then the result should be, in any order:
      | count |
      | 1     |
    And no side effects

  Scenario: fail bad scenario: an unknown step
    Given an empty graph
    When executing query:
      """
      read
      """
    Then the result should be sorted

  @ignore
  Scenario: skip: an ignored scenario is not run
    Given an empty graph
    When executing query:
      """
      never answered
      """
    Then the result should be empty

  Scenario: fail bad scenario: parameters need a table
    Given any graph
    And parameters are:
    When executing query:
      """
      read
      """
    Then the result should be empty
