# SHOW commands and the listing procedures behind them (Neo4j Cypher 5
# manual, "SHOW INDEXES", "SHOW CONSTRAINTS", "SHOW PROCEDURES",
# "SHOW FUNCTIONS").
Feature: SHOW

  Background:
    Given an empty graph
    And having executed:
      """
      CREATE INDEX FOR (p:Person) ON (p.name)
      """
    And having executed:
      """
      CREATE CONSTRAINT FOR (m:Movie) REQUIRE m.title IS UNIQUE
      """

  Scenario: SHOW INDEXES lists range indexes and those behind constraints
    When executing query:
      """
      SHOW INDEXES YIELD name, type, labelsOrTypes, properties, owningConstraint
      """
    Then the result should be, in any order:
      | name                     | type    | labelsOrTypes | properties | owningConstraint         |
      | 'constraint_Movie_title' | 'RANGE' | ['Movie']     | ['title']  | 'constraint_Movie_title' |
      | 'index_Person_name' | 'RANGE' | ['Person']    | ['name']   | null                 |
    And no side effects

  Scenario: SHOW with a kind, WHERE and RETURN
    When executing query:
      """
      SHOW RANGE INDEXES YIELD name, labelsOrTypes AS ls WHERE 'Person' IN ls RETURN name
      """
    Then the result should be, in any order:
      | name                |
      | 'index_Person_name' |
    And no side effects

  Scenario: SHOW VECTOR INDEXES keeps only that kind
    When executing query:
      """
      SHOW VECTOR INDEXES YIELD name RETURN count(*) AS c
      """
    Then the result should be, in any order:
      | c |
      | 0 |
    And no side effects

  Scenario: SHOW CONSTRAINTS
    When executing query:
      """
      SHOW UNIQUE CONSTRAINTS YIELD name, type, labelsOrTypes, properties, ownedIndex
      """
    Then the result should be, in any order:
      | name                     | type         | labelsOrTypes | properties | ownedIndex               |
      | 'constraint_Movie_title' | 'UNIQUENESS' | ['Movie']     | ['title']  | 'constraint_Movie_title' |
    And no side effects

  Scenario: CALL db.indexes() and db.constraints()
    When executing query:
      """
      CALL db.indexes() YIELD name WITH count(name) AS i
      CALL db.constraints() YIELD name RETURN i, count(name) AS c
      """
    Then the result should be, in any order:
      | i | c |
      | 2 | 1 |
    And no side effects

  Scenario: SHOW PROCEDURES lists the listing procedures themselves
    When executing query:
      """
      SHOW PROCEDURES YIELD name, mode WHERE name IN ['db.indexes', 'db.labels'] RETURN name, mode ORDER BY name
      """
    Then the result should be, in order:
      | name         | mode   |
      | 'db.indexes' | 'READ' |
      | 'db.labels'  | 'READ' |
    And no side effects

  Scenario: SHOW FUNCTIONS and dbms.functions()
    When executing query:
      """
      SHOW FUNCTIONS YIELD name, aggregating WHERE name IN ['count', 'toUpper']
      CALL dbms.functions() YIELD name AS n WHERE n = name
      RETURN name, aggregating ORDER BY name
      """
    Then the result should be, in order:
      | name      | aggregating |
      | 'count'   | true        |
      | 'toUpper' | false       |
    And no side effects

  Scenario: SHOW USER DEFINED FUNCTIONS lists none
    When executing query:
      """
      SHOW USER DEFINED FUNCTIONS YIELD name RETURN count(*) AS c
      """
    Then the result should be, in any order:
      | c |
      | 0 |
    And no side effects
