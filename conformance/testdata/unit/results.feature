# Result comparison rules. Each title says what the runner must decide.
Feature: Results

  Scenario: pass: any order ignores row order
    Given any graph
    When executing query:
      """
      two rows
      """
    Then the result should be, in any order:
      | a | b   |
      | 2 | 'y' |
      | 1 | 'x' |
    And no side effects

  Scenario: fail wrong result: any order still compares the rows
    Given any graph
    When executing query:
      """
      two rows
      """
    Then the result should be, in any order:
      | a | b   |
      | 1 | 'x' |
      | 3 | 'y' |

  Scenario: fail wrong result: duplicate rows are significant
    Given any graph
    When executing query:
      """
      two rows
      """
    Then the result should be, in any order:
      | a | b   |
      | 1 | 'x' |
      | 1 | 'x' |

  Scenario: fail wrong result: a missing duplicate is a difference
    Given any graph
    When executing query:
      """
      duplicate rows
      """
    Then the result should be, in any order:
      | a |
      | 1 |

  Scenario: pass: duplicates counted
    Given any graph
    When executing query:
      """
      duplicate rows
      """
    Then the result should be, in any order:
      | a |
      | 1 |
      | 1 |

  Scenario: pass: in order
    Given any graph
    When executing query:
      """
      two rows
      """
    Then the result should be, in order:
      | a | b   |
      | 1 | 'x' |
      | 2 | 'y' |

  Scenario: fail wrong result: in order rejects another order
    Given any graph
    When executing query:
      """
      two rows
      """
    Then the result should be, in order:
      | a | b   |
      | 2 | 'y' |
      | 1 | 'x' |

  Scenario: fail wrong columns: column names are compared
    Given any graph
    When executing query:
      """
      two rows
      """
    Then the result should be, in any order:
      | a | c   |
      | 1 | 'x' |
      | 2 | 'y' |

  Scenario: fail wrong columns: column order is compared
    Given any graph
    When executing query:
      """
      two rows
      """
    Then the result should be, in any order:
      | b   | a |
      | 'x' | 1 |
      | 'y' | 2 |

  Scenario: pass: ignoring element order for lists at any depth
    Given any graph
    When executing query:
      """
      lists
      """
    Then the result should be (ignoring element order for lists):
      | l                          |
      | [[3], [2, 1], {k: [5, 4]}] |

  Scenario: fail wrong result: lists are ordered by default
    Given any graph
    When executing query:
      """
      lists
      """
    Then the result should be, in any order:
      | l                          |
      | [[3], [2, 1], {k: [5, 4]}] |

  Scenario: fail wrong result: ignoring element order still counts elements
    Given any graph
    When executing query:
      """
      lists
      """
    Then the result should be (ignoring element order for lists):
      | l                                  |
      | [[3], [2, 1, 1], {k: [5, 4]}]      |

  Scenario: pass: in order ignoring element order for lists
    Given any graph
    When executing query:
      """
      two lists
      """
    Then the result should be, in order (ignoring element order for lists):
      | l      |
      | [2, 1] |
      | [3]    |

  Scenario: fail wrong result: in order ignoring element order still orders rows
    Given any graph
    When executing query:
      """
      two lists
      """
    Then the result should be, in order (ignoring element order for lists):
      | l      |
      | [3]    |
      | [2, 1] |

  Scenario: pass: header-only table means these columns and no rows
    Given any graph
    When executing query:
      """
      no rows
      """
    Then the result should be, in any order:
      | n |

  Scenario: fail wrong columns: header-only table still checks the columns
    Given any graph
    When executing query:
      """
      no rows
      """
    Then the result should be, in any order:
      | m |

  Scenario: fail wrong result: header-only table rejects rows
    Given any graph
    When executing query:
      """
      duplicate rows
      """
    Then the result should be, in any order:
      | a |

  Scenario: pass: empty result
    Given any graph
    When executing query:
      """
      nothing
      """
    Then the result should be empty

  Scenario: fail wrong result: empty result rejects columns
    Given any graph
    When executing query:
      """
      no rows
      """
    Then the result should be empty

  Scenario: fail wrong result: empty result rejects rows
    Given any graph
    When executing query:
      """
      duplicate rows
      """
    Then the result should be empty

  Scenario: pass: integers, floats, NaN, strings, maps and temporal text
    Given any graph
    When executing query:
      """
      scalars
      """
    Then the result should be, in any order:
      | i | f   | nan | s                   | m                  | t            | n    | e     |
      | 1 | 1.0 | NaN | 'it\'s \\ \|\n'     | {b: 2.5, a: [true]} | '1984-10-11' | null | 0.30000000000000004 |

  Scenario: fail wrong result: an integer does not match a float
    Given any graph
    When executing query:
      """
      scalars
      """
    Then the result should be, in any order:
      | i   | f   | nan | s                   | m                  | t            | n    | e     |
      | 1.0 | 1.0 | NaN | 'it\'s \\ \|\n'     | {b: 2.5, a: [true]} | '1984-10-11' | null | 0.30000000000000004 |

  Scenario: fail wrong result: a float does not match an integer
    Given any graph
    When executing query:
      """
      scalars
      """
    Then the result should be, in any order:
      | i | f | nan | s                   | m                  | t            | n    | e     |
      | 1 | 1 | NaN | 'it\'s \\ \|\n'     | {b: 2.5, a: [true]} | '1984-10-11' | null | 0.30000000000000004 |

  Scenario: fail wrong result: floats compare exactly
    Given any graph
    When executing query:
      """
      scalars
      """
    Then the result should be, in any order:
      | i | f   | nan | s                   | m                  | t            | n    | e        |
      | 1 | 1.0 | NaN | 'it\'s \\ \|\n'     | {b: 2.5, a: [true]} | '1984-10-11' | null | 0.3 |

  Scenario: fail wrong result: temporal values compare by their text
    Given any graph
    When executing query:
      """
      scalars
      """
    Then the result should be, in any order:
      | i | f   | nan | s                   | m                  | t            | n    | e     |
      | 1 | 1.0 | NaN | 'it\'s \\ \|\n'     | {b: 2.5, a: [true]} | '1984-10-12' | null | 0.30000000000000004 |

  Scenario: fail wrong result: NaN does not match a number
    Given any graph
    When executing query:
      """
      scalars
      """
    Then the result should be, in any order:
      | i | f   | nan | s                   | m                  | t            | n    | e     |
      | 1 | 1.0 | 0.0 | 'it\'s \\ \|\n'     | {b: 2.5, a: [true]} | '1984-10-11' | null | 0.30000000000000004 |

  Scenario: pass: nodes, relationships and paths without identity
    Given any graph
    When executing query:
      """
      entities
      """
    Then the result should be, in any order:
      | n                   | r                 | p                                   |
      | (:B:A {name: 'x'})  | [:T {since: 2020}] | <(:A)-[:T]->(:B)<-[:U {k: 1}]-()> |

  Scenario: fail wrong result: node labels are compared as a set
    Given any graph
    When executing query:
      """
      entities
      """
    Then the result should be, in any order:
      | n                   | r                 | p                                   |
      | (:A {name: 'x'})    | [:T {since: 2020}] | <(:A)-[:T]->(:B)<-[:U {k: 1}]-()> |

  Scenario: fail wrong result: relationship types are compared
    Given any graph
    When executing query:
      """
      entities
      """
    Then the result should be, in any order:
      | n                   | r                 | p                                   |
      | (:A:B {name: 'x'})  | [:S {since: 2020}] | <(:A)-[:T]->(:B)<-[:U {k: 1}]-()> |

  Scenario: fail wrong result: path step directions are compared
    Given any graph
    When executing query:
      """
      entities
      """
    Then the result should be, in any order:
      | n                   | r                 | p                                   |
      | (:A:B {name: 'x'})  | [:T {since: 2020}] | <(:A)-[:T]->(:B)-[:U {k: 1}]->()> |

  Scenario: fail unexpected error: an error where a result is expected
    Given any graph
    When executing query:
      """
      syntax error
      """
    Then the result should be, in any order:
      | a |

  Scenario: fail bad scenario: a malformed expected value
    Given any graph
    When executing query:
      """
      two rows
      """
    Then the result should be, in any order:
      | a | b   |
      | 1 | 'x  |
      | 2 | 'y' |
