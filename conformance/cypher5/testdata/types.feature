# Type predicates (Neo4j Cypher 5 manual, "Type predicate expressions";
# GQL value types).
Feature: Type predicates

  Scenario: scalar types, nulls and negation
    Given any graph
    When executing query:
      """
      RETURN 1 IS :: INTEGER AS a, 1 IS :: FLOAT AS b, 1.5 :: FLOAT AS c, 'x' IS TYPED STRING AS d,
             true IS :: BOOLEAN AS e, null IS :: INTEGER AS f, null IS :: INTEGER NOT NULL AS g,
             1 IS NOT :: STRING AS h, null IS :: NULL AS i, 1 IS :: NULL AS j
      """
    Then the result should be, in any order:
      | a    | b     | c    | d    | e    | f    | g     | h    | i    | j     |
      | true | false | true | true | true | true | false | true | true | false |
    And no side effects

  Scenario: synonyms of the GQL type names
    Given any graph
    When executing query:
      """
      RETURN 1 :: INT AS a, 1 :: SIGNED INTEGER AS b, 'x' :: VARCHAR AS c, true :: BOOL AS d,
             1.0 :: FLOAT64 AS e, date('2024-01-02') :: DATE AS f,
             datetime('2024-01-02T03:04:05Z') :: TIMESTAMP WITH TIME ZONE AS g,
             localdatetime('2024-01-02T03:04:05') :: TIMESTAMP WITHOUT TIME ZONE AS h,
             duration('P1D') :: DURATION AS i, {k: 1} :: MAP AS j
      """
    Then the result should be, in any order:
      | a    | b    | c    | d    | e    | f    | g    | h    | i    | j    |
      | true | true | true | true | true | true | true | true | true | true |
    And no side effects

  Scenario: list types check their elements
    Given any graph
    When executing query:
      """
      RETURN [1, 2] IS :: LIST<INTEGER> AS a, [1, null] IS :: LIST<INTEGER> AS b,
             [1, null] IS :: LIST<INTEGER NOT NULL> AS c, [1, 'x'] IS :: LIST<INTEGER> AS d,
             [1, 'x'] IS :: LIST<ANY> AS e, [] IS :: LIST<NOTHING> AS f, [[1]] :: LIST<LIST<INT>> AS g,
             ['a'] :: STRING LIST AS h, 1 :: LIST<INTEGER> AS i
      """
    Then the result should be, in any order:
      | a    | b    | c     | d     | e    | f    | g    | h    | i     |
      | true | true | false | false | true | true | true | true | false |
    And no side effects

  Scenario: ANY, unions, NOTHING and property values
    Given any graph
    When executing query:
      """
      RETURN 1 IS :: ANY AS a, null IS :: ANY NOT NULL AS b, 1.5 IS :: ANY<INTEGER | FLOAT> AS c,
             'x' IS :: ANY<INTEGER | FLOAT> AS d, 1 IS :: NOTHING AS e, [1, 2] :: PROPERTY VALUE AS f,
             {a: 1} :: PROPERTY VALUE AS g
      """
    Then the result should be, in any order:
      | a    | b     | c    | d     | e     | f    | g     |
      | true | false | true | false | false | true | false |
    And no side effects

  Scenario: graph element types and filtering by a property's type
    Given an empty graph
    And having executed:
      """
      CREATE (:P {v: 1})-[:R]->(:P {v: '1'}), (:P {v: 1.5}), (:P)
      """
    When executing query:
      """
      MATCH (n:P) WHERE n.v IS :: INTEGER NOT NULL OR n.v IS :: FLOAT NOT NULL
      MATCH p = ()-[r]->()
      RETURN n.v AS v, n :: NODE AS nn, r :: RELATIONSHIP AS rr, p :: PATH AS pp, n :: RELATIONSHIP AS nr
      """
    Then the result should be, in any order:
      | v   | nn   | rr   | pp   | nr    |
      | 1   | true | true | true | false |
      | 1.5 | true | true | true | false |
    And no side effects

  Scenario: an unknown type name is a syntax error
    Given any graph
    When executing query:
      """
      RETURN 1 IS :: INTEGR
      """
    Then a SyntaxError should be raised at compile time: UnexpectedSyntax
