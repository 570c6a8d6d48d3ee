Feature: Side effects

  Scenario: pass: no side effects
    Given an empty graph
    And having executed:
      """
      setup one node
      """
    When executing query:
      """
      read
      """
    Then the result should be empty
    And no side effects

  Scenario: fail wrong side effects: no side effects notices a new node
    Given an empty graph
    When executing query:
      """
      create a node
      """
    Then the result should be empty
    And no side effects

  Scenario: pass: setup is not counted, created nodes, labels and properties are
    Given an empty graph
    And having executed:
      """
      setup one node
      """
    When executing query:
      """
      create a node
      """
    Then the result should be empty
    And the side effects should be:
      | +nodes      | 1 |
      | +labels     | 1 |
      | +properties | 2 |

  Scenario: fail wrong side effects: an unlisted counter must be zero
    Given an empty graph
    And having executed:
      """
      setup one node
      """
    When executing query:
      """
      create a node
      """
    Then the result should be empty
    And the side effects should be:
      | +nodes      | 1 |
      | +properties | 2 |

  Scenario: pass: a changed property is one - and one +, the same value again nothing
    Given an empty graph
    And having executed:
      """
      setup one node
      """
    When executing query:
      """
      change a property
      """
    Then the result should be empty
    And the side effects should be:
      | +properties | 1 |
      | -properties | 1 |

  Scenario: fail wrong side effects: a changed property is not a single +
    Given an empty graph
    And having executed:
      """
      setup one node
      """
    When executing query:
      """
      change a property
      """
    Then the result should be empty
    And the side effects should be:
      | +properties | 1 |

  Scenario: pass: labels count names in use, not nodes labelled
    Given an empty graph
    And having executed:
      """
      setup one node
      """
    When executing query:
      """
      label another node
      """
    Then the result should be empty
    And the side effects should be:
      | +nodes | 1 |

  Scenario: fail wrong side effects: labelling with a name in use adds no label
    Given an empty graph
    And having executed:
      """
      setup one node
      """
    When executing query:
      """
      label another node
      """
    Then the result should be empty
    And the side effects should be:
      | +nodes  | 1 |
      | +labels | 1 |

  Scenario: pass: deleting removes nodes, relationships, their properties and unused labels
    Given an empty graph
    And having executed:
      """
      setup two nodes and a relationship
      """
    When executing query:
      """
      delete everything
      """
    Then the result should be empty
    And the side effects should be:
      | -nodes         | 2 |
      | -relationships | 1 |
      | -properties    | 2 |
      | -labels        | 2 |

  Scenario: fail wrong side effects: a relationship is not a node
    Given an empty graph
    And having executed:
      """
      setup two nodes and a relationship
      """
    When executing query:
      """
      delete everything
      """
    Then the result should be empty
    And the side effects should be:
      | -nodes      | 3 |
      | -properties | 2 |
      | -labels     | 2 |

  Scenario: pass: creating and deleting in one query is no change
    Given an empty graph
    When executing query:
      """
      create and delete
      """
    Then the result should be empty
    And no side effects

  Scenario: fail bad scenario: an unknown side-effect key
    Given an empty graph
    When executing query:
      """
      read
      """
    Then the result should be empty
    And the side effects should be:
      | +indexes | 1 |
