# CALL { } IN TRANSACTIONS (Neo4j Cypher 5 manual, "CALL subqueries in
# transactions"): the body runs for the input rows in batches of n rows
# (1000 by default), each batch committed in a transaction of its own;
# ON ERROR CONTINUE, BREAK or FAIL (the default) says what a failing batch
# does, and REPORT STATUS AS s gives each row its batch's status.
Feature: CALL IN TRANSACTIONS

  Scenario: the body's writes commit in batches
    Given an empty graph
    When executing query:
      """
      UNWIND range(1, 5) AS i
      CALL (i) { CREATE (:T {i: i}) } IN TRANSACTIONS OF 2 ROWS
      """
    Then the result should be empty
    And the side effects should be:
      | +nodes      | 5 |
      | +labels     | 1 |
      | +properties | 5 |

  Scenario: each batch sees the batches committed before it
    Given an empty graph
    And having executed:
      """
      CREATE (:Counter {n: 0})
      """
    When executing query:
      """
      UNWIND [1, 2, 3] AS i
      CALL (i) { MATCH (c:Counter) SET c.n = c.n + i } IN TRANSACTIONS OF 1 ROW
      """
    Then the result should be empty
    When executing control query:
      """
      MATCH (c:Counter) RETURN c.n AS n
      """
    Then the result should be, in any order:
      | n |
      | 6 |

  Scenario: a returning body, in the default batch size, with an importing WITH
    Given an empty graph
    When executing query:
      """
      UNWIND [1, 2, 3] AS i
      CALL { WITH i CREATE (n:T {i: i}) RETURN n.i * 10 AS x } IN TRANSACTIONS
      RETURN i, x
      """
    Then the result should be, in any order:
      | i | x  |
      | 1 | 10 |
      | 2 | 20 |
      | 3 | 30 |
    And the side effects should be:
      | +nodes      | 3 |
      | +labels     | 1 |
      | +properties | 3 |

  Scenario: DETACH DELETE in batches
    Given an empty graph
    And having executed:
      """
      CREATE (a:N)-[:R]->(b:N)-[:R]->(c:N), (c)-[:R]->(a), (:N)
      """
    When executing query:
      """
      MATCH (n:N) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 3 ROWS
      """
    Then the result should be empty
    And the side effects should be:
      | -nodes         | 4 |
      | -relationships | 3 |
      | -labels        | 1 |

  Scenario: ON ERROR CONTINUE rolls back the failing batch and runs the next ones
    Given an empty graph
    When executing query:
      """
      UNWIND [1, 0, 2, 3] AS i
      CALL (i) { CREATE (:T {v: 6 / i}) } IN TRANSACTIONS OF 2 ROWS
        ON ERROR CONTINUE REPORT STATUS AS s
      RETURN i, s.started AS started, s.committed AS committed, s.errorMessage IS NOT NULL AS failed,
             s.transactionId IS NOT NULL AS hasId
      """
    Then the result should be, in any order:
      | i | started | committed | failed | hasId |
      | 1 | true    | false     | true   | true  |
      | 0 | true    | false     | true   | true  |
      | 2 | true    | true      | false  | true  |
      | 3 | true    | true      | false  | true  |
    And the side effects should be:
      | +nodes      | 2 |
      | +labels     | 1 |
      | +properties | 2 |

  Scenario: ON ERROR CONTINUE binds the columns of a failed batch to null
    Given an empty graph
    When executing query:
      """
      UNWIND [1, 0, 2] AS i
      CALL (i) { CREATE (n:T {v: 6 / i}) RETURN n.v AS v } IN TRANSACTIONS OF 1 ROW ON ERROR CONTINUE
      RETURN i, v
      """
    Then the result should be, in any order:
      | i | v    |
      | 1 | 6    |
      | 0 | null |
      | 2 | 3    |
    And the side effects should be:
      | +nodes      | 2 |
      | +labels     | 1 |
      | +properties | 2 |

  Scenario: ON ERROR BREAK stops after the failing batch
    Given an empty graph
    When executing query:
      """
      UNWIND [1, 2, 0, 3, 4] AS i
      CALL (i) { CREATE (:T {v: 6 / i}) } IN TRANSACTIONS OF 2 ROWS
        ON ERROR BREAK REPORT STATUS AS s
      RETURN i, s.started AS started, s.committed AS committed
      """
    Then the result should be, in any order:
      | i | started | committed |
      | 1 | true    | true      |
      | 2 | true    | true      |
      | 0 | true    | false     |
      | 3 | true    | false     |
      | 4 | false   | false     |
    And the side effects should be:
      | +nodes      | 2 |
      | +labels     | 1 |
      | +properties | 2 |

  Scenario: ON ERROR FAIL fails the statement, the batches before staying committed
    Given an empty graph
    When executing query:
      """
      UNWIND [1, 2, 0, 3] AS i
      CALL (i) { CREATE (:T {v: 6 / i}) } IN TRANSACTIONS OF 2 ROWS ON ERROR FAIL
      """
    Then a ArithmeticError should be raised at runtime: DivisionByZero
    And the side effects should be:
      | +nodes      | 2 |
      | +labels     | 1 |
      | +properties | 2 |
    When executing control query:
      """
      MATCH (t:T) RETURN t.v AS v
      """
    Then the result should be, in any order:
      | v |
      | 6 |
      | 3 |

  Scenario: the batch size may be a parameter
    Given an empty graph
    And parameters are:
      | n | 2 |
    When executing query:
      """
      UNWIND range(1, 3) AS i CALL (i) { CREATE (:T) } IN TRANSACTIONS OF $n ROWS
      """
    Then the result should be empty
    And the side effects should be:
      | +nodes  | 3 |
      | +labels | 1 |

  Scenario: REPORT STATUS needs ON ERROR CONTINUE or BREAK
    Given an empty graph
    When executing query:
      """
      UNWIND [1] AS i CALL (i) { CREATE (:T) } IN TRANSACTIONS REPORT STATUS AS s RETURN s
      """
    Then a SyntaxError should be raised at compile time: InvalidClauseComposition

  Scenario: the batch size must be positive
    Given an empty graph
    When executing query:
      """
      UNWIND [1] AS i CALL (i) { CREATE (:T) } IN TRANSACTIONS OF 0 ROWS
      """
    Then a SyntaxError should be raised at compile time: InvalidArgumentValue

  Scenario: a batch size parameter must be a positive integer
    Given an empty graph
    And parameters are:
      | n | -1 |
    When executing query:
      """
      UNWIND [1] AS i CALL (i) { CREATE (:T) } IN TRANSACTIONS OF $n ROWS
      """
    Then a ArgumentError should be raised at runtime: InvalidArgumentValue

  Scenario: IN TRANSACTIONS inside another subquery is refused
    Given an empty graph
    When executing query:
      """
      CALL { UNWIND [1] AS i CALL (i) { CREATE (:T) } IN TRANSACTIONS } RETURN 1 AS x
      """
    Then a SemanticError should be raised at compile time: Unsupported

  Scenario: a write outside the transactional CALL is refused
    Given an empty graph
    When executing query:
      """
      CREATE (a:A) WITH a CALL (a) { CREATE (a)-[:R]->(:B) } IN TRANSACTIONS
      """
    Then a SemanticError should be raised at compile time: Unsupported

  Scenario: IN CONCURRENT TRANSACTIONS is refused with a rewrite
    Given an empty graph
    When executing query:
      """
      UNWIND [1] AS i CALL (i) { CREATE (:T) } IN CONCURRENT TRANSACTIONS
      """
    Then a SemanticError should be raised at compile time: Unsupported
