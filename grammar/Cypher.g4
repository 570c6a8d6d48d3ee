// Cypher.g4: the openCypher 9 grammar as cyq accepts it, plus the Neo4j 5
// forms people commonly write (label expressions, inline WHERE, EXISTS /
// COUNT / COLLECT subqueries, CALL subqueries, LOAD CSV, USE, schema
// commands with fulltext and vector indexes).
//
// Written for cyq from the openCypher 9 specification (railroad diagrams and
// the openCypher EBNF). Keywords are case-insensitive. The parser is
// deliberately lenient about clause order; structural rules are checked by
// the walker in package parser and by the planner's binder.

grammar Cypher;

options { caseInsensitive = true; }

// ---------------------------------------------------------------- statements

statementEOF : statement SEMI? EOF ;

statement : ( EXPLAIN | PROFILE )? ( schemaCommand | query ) ;

query
    : singleQuery union*
    | whenBranch+ ( ELSE singleQuery )?
    ;

// Cypher 25 conditional query: the first branch whose condition holds runs.
whenBranch : WHEN expression THEN singleQuery ;

union : UNION ( ALL | DISTINCT )? singleQuery ;

singleQuery : clause+ ;

clause
    : useClause
    | matchClause
    | unwindClause
    | withClause
    | returnClause
    | createClause
    | mergeClause
    | setClause
    | removeClause
    | deleteClause
    | foreachClause
    | callSubquery
    | callClause
    | loadCsvClause
    | finishClause
    | letClause
    | filterClause
    | showClause
    | orderSkipLimitClause
    ;

// GQL / Cypher 5: ORDER BY, SKIP (OFFSET) and LIMIT as clauses of their
// own, each the same as WITH * with that part.
orderSkipLimitClause
    : order skip? limit?
    | skip limit?
    | limit
    ;

// SHOW INDEXES / CONSTRAINTS / PROCEDURES / FUNCTIONS [YIELD ...] [WHERE ...],
// followed by any clauses (RETURN ...): a call of the listing procedure.
showClause
    : SHOW showWhat ( YIELD ( STAR | yieldItem ( COMMA yieldItem )* ) order? skip? limit? )? where?
    ;

showWhat
    : ( ALL | RANGE | FULLTEXT | VECTOR | TEXT | POINT | LOOKUP )? ( INDEX | INDEXES )   # showIndexes
    | showConstraintWord* ( CONSTRAINT | CONSTRAINTS )                                    # showConstraints
    | ALL? ( PROCEDURE | PROCEDURES )                                                     # showProcedures
    | ( ALL | BUILT IN | USER DEFINED )? ( FUNCTION | FUNCTIONS )                          # showFunctions
    ;

// The kind words before CONSTRAINTS (NODE UNIQUE, RELATIONSHIP KEY,
// PROPERTY EXISTENCE, NODE PROPERTY TYPE, ...); the walker checks them.
showConstraintWord
    : ALL | NODE | RELATIONSHIP | REL | UNIQUE | UNIQUENESS | KEY | EXISTENCE | EXISTS
    | UnescapedSymbolicName
    ;

// GQL / Cypher 25: FINISH ends a query that returns nothing; LET binds
// variables (LET x = e is WITH *, e AS x); FILTER [WHERE] e keeps the rows
// where e holds.
finishClause : FINISH ;

letClause : LET letItem ( COMMA letItem )* ;

letItem : variable EQ expression ;

filterClause : FILTER WHERE? expression ;

useClause : USE symbolicName ( DOT symbolicName )* ( LPAREN ( expression ( COMMA expression )* )? RPAREN )? ;

matchClause : OPTIONAL? MATCH matchMode? pattern where? ;

// GQL match modes: DIFFERENT RELATIONSHIPS is how MATCH always matches;
// REPEATABLE ELEMENTS is refused by the walker.
matchMode
    : DIFFERENT ( RELATIONSHIP | RELATIONSHIPS )
    | REPEATABLE ( ELEMENT | ELEMENTS )
    ;

where : WHERE expression ;

unwindClause : UNWIND expression AS variable ;

withClause : WITH projectionBody where? ;

returnClause : RETURN projectionBody ;

projectionBody : DISTINCT? projectionItems order? skip? limit? ;

projectionItems
    : STAR ( COMMA projectionItem )*
    | projectionItem ( COMMA projectionItem )*
    ;

projectionItem : expression ( AS variable )? ;

order : ORDER BY sortItem ( COMMA sortItem )* ;

skip : ( SKIP_ | OFFSET ) expression ;

limit : LIMIT expression ;

sortItem : expression ( ASCENDING | ASC | DESCENDING | DESC )? ;

createClause : CREATE pattern ;

mergeClause : MERGE patternPart mergeAction* ;

mergeAction : ON ( MATCH | CREATE ) SET setItem ( COMMA setItem )* ;

setClause : SET setItem ( COMMA setItem )* ;

setItem
    : propertyExpression EQ expression   # setProperty
    | variable EQ expression             # setVariable
    | variable PLUSEQ expression         # setAppend
    | variable nodeLabels                # setLabels
    | variable IS labelName              # setIsLabel
    ;

propertyExpression : atom ( DOT propertyKeyName )+ ;

removeClause : REMOVE removeItem ( COMMA removeItem )* ;

removeItem
    : variable nodeLabels      # removeLabels
    | variable IS labelName    # removeIsLabel
    | propertyExpression       # removeProperty
    ;

deleteClause : ( DETACH | NODETACH )? DELETE expression ( COMMA expression )* ;

foreachClause : FOREACH LPAREN variable IN expression PIPE clause+ RPAREN ;

callClause
    : CALL procedureName ( LPAREN ( expression ( COMMA expression )* )? RPAREN )?
      ( YIELD ( STAR | yieldItem ( COMMA yieldItem )* where? ) )?
    ;

procedureName : ( symbolicName DOT )* symbolicName ;

yieldItem : symbolicName ( AS variable )? ;

callSubquery
    : OPTIONAL? CALL ( LPAREN ( STAR | ( variable ( COMMA variable )* )? ) RPAREN )?
      LBRACE query RBRACE inTransactions?
    ;

inTransactions : IN TRANSACTIONS inTransactionsOption* ;

inTransactionsOption
    : OF expression ( ROWS | ROW )
    | ON ERROR ( CONTINUE | BREAK | FAIL )
    | REPORT STATUS AS variable
    ;

loadCsvClause : LOAD CSV ( WITH HEADERS )? FROM expression AS variable ( FIELDTERMINATOR StringLiteral )? ;

// ----------------------------------------------------------- schema commands

schemaCommand
    : createIndex
    | dropIndex
    | createConstraint
    | dropConstraint
    ;

createIndex
    : CREATE INDEX ON COLON labelName LPAREN propertyKeyName ( COMMA propertyKeyName )* RPAREN   # createIndexLegacy
    | CREATE indexKind? INDEX schemaObjectName? ( IF NOT EXISTS )? FOR schemaPattern ON
      ( LPAREN simpleProperty ( COMMA simpleProperty )* RPAREN
      | EACH LBRACK simpleProperty ( COMMA simpleProperty )* RBRACK
      | simpleProperty
      | EACH symbolicName LPAREN variable RPAREN
      ) schemaOptions?                                                                        # createIndexNew
    ;

indexKind : RANGE | TEXT | POINT | LOOKUP | FULLTEXT | VECTOR ;

schemaObjectName : symbolicName | parameter ;

schemaPattern
    : LPAREN variable ( COLON labelName ( PIPE labelName )* )? RPAREN                                  # schemaNodePattern
    | LPAREN RPAREN LT? MINUS LBRACK variable ( COLON labelName ( PIPE labelName )* )? RBRACK MINUS GT? LPAREN RPAREN  # schemaRelPattern
    ;

simpleProperty : variable DOT propertyKeyName ;

schemaOptions : OPTIONS ( mapLiteral | parameter ) ;

dropIndex
    : DROP INDEX ON COLON labelName LPAREN propertyKeyName ( COMMA propertyKeyName )* RPAREN   # dropIndexLegacy
    | DROP INDEX schemaObjectName ( IF EXISTS )?                                             # dropIndexByName
    ;

createConstraint
    : CREATE CONSTRAINT schemaObjectName? ( IF NOT EXISTS )? ( FOR | ON ) schemaPattern
      ( REQUIRE | ASSERT ) constraintProperties IS constraintKind schemaOptions?
    ;

constraintProperties
    : simpleProperty
    | LPAREN simpleProperty ( COMMA simpleProperty )* RPAREN
    ;

constraintKind
    : ( NODE | RELATIONSHIP | REL )? UNIQUE                        # uniqueConstraint
    | ( NODE | RELATIONSHIP | REL )? KEY                           # keyConstraint
    | NOT NULL                                                     # notNullConstraint
    | ( COLONCOLON | TYPED ) cypherType ( PIPE cypherType )*       # typeConstraint
    ;

dropConstraint : DROP CONSTRAINT schemaObjectName ( IF EXISTS )? ;

// ------------------------------------------------------------------ patterns

pattern : patternPart ( COMMA patternPart )* ;

patternPart : ( variable EQ )? anonymousPatternPart ;

anonymousPatternPart
    : shortestPathPattern
    | pathPrefix? patternElement
    ;

// GQL / Cypher 5 path selectors and path modes: `SHORTEST 1`, `ALL SHORTEST`,
// `SHORTEST 2 GROUPS`, `ANY`, `ANY SHORTEST TRAIL PATH`, `ACYCLIC`.
pathPrefix
    : pathSelector pathMode? ( PATH | PATHS )? ( GROUP | GROUPS )?
    | pathMode ( PATH | PATHS )?
    ;

pathSelector
    : ANY SHORTEST                # anyShortestSelector
    | ALL SHORTEST                # allShortestSelector
    | ANY integerLiteral?         # anySelector
    | ALL                         # allSelector
    | SHORTEST integerLiteral?    # shortestSelector
    ;

pathMode : WALK | TRAIL | ACYCLIC | SIMPLE ;

shortestPathPattern : ( SHORTESTPATH | ALLSHORTESTPATHS ) LPAREN patternElement RPAREN ;

patternElement
    : ( nodePattern | quantifiedPathPattern ) pathLink*
    | LPAREN patternElement RPAREN
    ;

// A link of a MATCH pattern: a relationship (possibly quantified, as in
// `-[:R]->+` or `-->{1,3}`) and the node it reaches, or a quantified path
// pattern juxtaposed with the nodes around it: `(a) ((x)-->(y)){1,3} (b)`.
pathLink
    : relationshipPattern pathQuantifier? nodePattern   # relLink
    | quantifiedPathPattern nodePattern?                # groupLink
    ;

quantifiedPathPattern : LPAREN patternElement where? RPAREN pathQuantifier ;

pathQuantifier
    : PLUS                                                  # plusQuantifier
    | STAR                                                  # starQuantifier
    | LBRACE integerLiteral RBRACE                          # exactQuantifier
    | LBRACE integerLiteral? COMMA integerLiteral? RBRACE    # rangeQuantifier
    ;

patternElementChain : relationshipPattern nodePattern ;

nodePattern : LPAREN variable? labelExpression? properties? ( WHERE expression )? RPAREN ;

relationshipPattern
    : LT MINUS relationshipDetail? MINUS GT?
    | MINUS relationshipDetail? MINUS GT?
    ;

relationshipDetail : LBRACK variable? labelExpression? rangeLiteral? properties? ( WHERE expression )? RBRACK ;

properties : mapLiteral | parameter ;

rangeLiteral : STAR integerLiteral? ( DOTDOT integerLiteral? )? ;

nodeLabels : ( COLON ( labelName | dynamicLabel ) )+ ;

// `$(expr)`, `$all(expr)`, `$any(expr)`: labels or types computed from a
// string or a list of strings.
dynamicLabel : DOLLAR ( ANY | ALL )? LPAREN expression RPAREN ;

// `:A:B` (colon conjunction), `:A|B`, `:A|:B`, `:A&B`, `:!A`, `:%`, `:(A|B)`.
labelExpression : COLON labelOr ( COLON labelOr )* ;

labelOr : labelAnd ( PIPE COLON? labelAnd )* ;

labelAnd : labelNot ( AMP labelNot )* ;

labelNot
    : BANG labelNot
    | labelAtom
    ;

labelAtom
    : labelName
    | dynamicLabel
    | PERCENT
    | LPAREN labelOr RPAREN
    ;

labelName : schemaName ;

propertyKeyName : schemaName ;

// --------------------------------------------------------------- expressions

expression : orExpression ;

orExpression : xorExpression ( OR xorExpression )* ;

xorExpression : andExpression ( XOR andExpression )* ;

andExpression : notExpression ( AND notExpression )* ;

notExpression : NOT* comparisonExpression ;

comparisonExpression : predicateExpression ( comparisonOp predicateExpression )* ;

comparisonOp : EQ | NE | LT | GT | LE | GE ;

predicateExpression : addSubExpression predicateSuffix* ;

predicateSuffix
    : STARTS WITH addSubExpression   # startsWithSuffix
    | ENDS WITH addSubExpression     # endsWithSuffix
    | CONTAINS addSubExpression      # containsSuffix
    | REGEQ addSubExpression         # regexSuffix
    | IN addSubExpression            # inSuffix
    | IS NOT? NULL                   # nullSuffix
    | IS NOT? normalForm? NORMALIZED # normalizedSuffix
    | IS NOT? ( COLONCOLON | TYPED ) typeUnion  # typeSuffix
    | COLONCOLON typeUnion           # shortTypeSuffix
    ;

normalForm : NFC | NFD | NFKC | NFKD ;

// Value types of type predicates (`x IS :: INTEGER NOT NULL`,
// `x :: LIST<STRING>`, `x IS TYPED ANY<INTEGER | FLOAT>`). The words are
// read by the walker, which knows the GQL and Cypher synonyms.
// `INTEGER | FLOAT`: a closed dynamic union, the same as ANY<INTEGER | FLOAT>.
typeUnion : cypherType ( PIPE cypherType )* ;

cypherType : typeWords ( LT cypherType ( PIPE cypherType )* GT )? ( NOT NULL | BANG )? ;

typeWords : typeWord+ ( WITH typeWord ZONE )? ;

typeWord : UnescapedSymbolicName | NULL | NODE | RELATIONSHIP | ANY | POINT | PATH | ZONE ;

addSubExpression : multDivExpression ( ( PLUS | MINUS | CONCAT ) multDivExpression )* ;

multDivExpression : powerExpression ( ( STAR | SLASH | PERCENT ) powerExpression )* ;

powerExpression : unaryExpression ( CARET unaryExpression )* ;

unaryExpression : ( PLUS | MINUS )* postfixExpression ;

postfixExpression : atom postfixOp* labelExpression? ;

postfixOp
    : DOT propertyKeyName                                  # propertyLookup
    | LBRACK expression RBRACK                             # indexOp
    | LBRACK expression? DOTDOT expression? RBRACK         # sliceOp
    ;

atom
    : listComprehension                                                   # listComprehensionAtom
    | patternComprehension                                                # patternComprehensionAtom
    | literal                                                             # literalAtom
    | parameter                                                           # parameterAtom
    | caseExpression                                                      # caseAtom
    | COUNT LPAREN STAR RPAREN                                            # countStarAtom
    | ( ALL | ANY | NONE | SINGLE ) LPAREN filterExpression RPAREN        # quantifierAtom
    | REDUCE LPAREN variable EQ expression COMMA variable IN expression PIPE expression RPAREN # reduceAtom
    | EXISTS LBRACE subqueryBody RBRACE                                   # existsAtom
    | COUNT LBRACE subqueryBody RBRACE                                    # countSubqueryAtom
    | COLLECT LBRACE query RBRACE                                         # collectAtom
    | shortestPathPattern                                                 # shortestPathAtom
    | nodePattern patternElementChain+                                    # patternAtom
    | LPAREN expression RPAREN                                            # parenAtom
    | TRIM LPAREN ( ( BOTH | LEADING | TRAILING )? expression? FROM )? expression RPAREN # trimAtom
    | functionInvocation                                                  # functionAtom
    | variable LBRACE ( mapProjectionItem ( COMMA mapProjectionItem )* )? RBRACE # mapProjectionAtom
    | variable                                                            # variableAtom
    ;

subqueryBody
    : query
    | pattern where?
    ;

filterExpression : variable IN expression where? ;

caseExpression : CASE expression? caseAlternative+ ( ELSE expression )? END ;

caseAlternative : WHEN caseOperand ( COMMA caseOperand )* THEN expression ;

// A WHEN operand: an expression, or (in a simple CASE only) a comparison
// or predicate whose left side is the CASE subject.
caseOperand
    : expression
    | comparisonOp addSubExpression
    | predicateSuffix
    ;

listComprehension : LBRACK variable IN expression where? ( PIPE expression )? RBRACK ;

patternComprehension : LBRACK ( variable EQ )? nodePattern patternElementChain+ where? PIPE expression RBRACK ;

functionInvocation : functionName LPAREN ( DISTINCT | ALL )? ( expression ( COMMA expression )* )? RPAREN ;

functionName
    : ( symbolicName DOT )* symbolicName
    | EXISTS
    ;

mapProjectionItem
    : DOT propertyKeyName          # mapProjProperty
    | DOT STAR                     # mapProjAll
    | propertyKeyName COLON expression # mapProjLiteral
    | variable                     # mapProjVariable
    ;

literal
    : NULL                   # nullLiteral
    | ( TRUE | FALSE )       # booleanLiteral
    | integerLiteral         # intLiteral
    | FloatLiteral           # floatLiteral
    | StringLiteral          # stringLiteral
    | listLiteral            # listLiteralAtom
    | mapLiteral             # mapLiteralAtom
    ;

integerLiteral : HexInteger | OctalInteger | DecimalInteger ;

listLiteral : LBRACK ( expression ( COMMA expression )* )? RBRACK ;

mapLiteral : LBRACE ( propertyKeyName COLON expression ( COMMA propertyKeyName COLON expression )* )? RBRACE ;

parameter : DOLLAR ( symbolicName | reservedWord | DecimalInteger ) ;

variable : symbolicName ;

// Names that may be variables, function and procedure names.
symbolicName
    : UnescapedSymbolicName
    | EscapedSymbolicName
    | softKeyword
    ;

// Keywords that are not reserved in openCypher 9 or are cyq's own
// contextual keywords: usable as variable names. END is reserved in
// openCypher 9 but Neo4j 5 accepts it, and (start)-->(end) is common.
softKeyword
    : COUNT | ANY | NONE | SINGLE | FILTER | EXTRACT | REDUCE | COLLECT
    | EXPLAIN | PROFILE | CSV | HEADERS | FIELDTERMINATOR | INDEX | FULLTEXT
    | VECTOR | TEXT | POINT | RANGE | LOOKUP | EACH | OPTIONS | IF | KEY
    | NODE | RELATIONSHIP | REL | ROWS | ROW | TRANSACTIONS | TYPED | ASSERT
    | OFFSET | SHORTESTPATH | ALLSHORTESTPATHS | USE | LOAD | YIELD | CALL
    | FOREACH | FROM | END | SHORTEST | PATH | PATHS | GROUP | GROUPS
    | WALK | TRAIL | ACYCLIC | SIMPLE | ZONE | FINISH | LET
    | ASC | DESC | ASCENDING | DESCENDING | SHOW | INDEXES | CONSTRAINTS
    | PROCEDURE | PROCEDURES | FUNCTION | FUNCTIONS | BUILT | DEFINED | USER
    | UNIQUENESS | EXISTENCE | ERROR | CONTINUE | BREAK | FAIL | REPORT | STATUS
    | NODETACH | NORMALIZED | NFC | NFD | NFKC | NFKD
    | TRIM | BOTH | LEADING | TRAILING | DIFFERENT | RELATIONSHIPS | REPEATABLE | ELEMENT | ELEMENTS
    ;

// Names of labels, relationship types and property keys: any identifier,
// including reserved words.
schemaName
    : symbolicName
    | reservedWord
    ;

reservedWord
    : ALL | BY | CREATE | DELETE | DETACH
    | EXISTS | LIMIT | MATCH | MERGE | ON | OPTIONAL | ORDER | REMOVE | RETURN
    | SET | SKIP_ | WHERE | WITH | UNION | UNWIND | AND | AS | CONTAINS
    | DISTINCT | ENDS | IN | IS | NOT | OR | STARTS | XOR | CASE | ELSE | END
    | THEN | WHEN | NULL | TRUE | FALSE | CONSTRAINT | DO | FOR | REQUIRE
    | UNIQUE | MANDATORY | SCALAR | OF | ADD | DROP
    ;

// -------------------------------------------------------------------- lexer

ALL : 'ALL' ;
ALLSHORTESTPATHS : 'ALLSHORTESTPATHS' ;
AND : 'AND' ;
ANY : 'ANY' ;
ADD : 'ADD' ;
AS : 'AS' ;
ASC : 'ASC' ;
ASCENDING : 'ASCENDING' ;
ASSERT : 'ASSERT' ;
BY : 'BY' ;
CALL : 'CALL' ;
CASE : 'CASE' ;
COLLECT : 'COLLECT' ;
CONSTRAINT : 'CONSTRAINT' ;
CONTAINS : 'CONTAINS' ;
COUNT : 'COUNT' ;
CREATE : 'CREATE' ;
CSV : 'CSV' ;
DELETE : 'DELETE' ;
DESC : 'DESC' ;
DESCENDING : 'DESCENDING' ;
DETACH : 'DETACH' ;
NODETACH : 'NODETACH' ;
NORMALIZED : 'NORMALIZED' ;
NFC : 'NFC' ;
NFD : 'NFD' ;
NFKC : 'NFKC' ;
NFKD : 'NFKD' ;
TRIM : 'TRIM' ;
DIFFERENT : 'DIFFERENT' ;
RELATIONSHIPS : 'RELATIONSHIPS' ;
REPEATABLE : 'REPEATABLE' ;
ELEMENT : 'ELEMENT' ;
ELEMENTS : 'ELEMENTS' ;
BOTH : 'BOTH' ;
LEADING : 'LEADING' ;
TRAILING : 'TRAILING' ;
DISTINCT : 'DISTINCT' ;
DO : 'DO' ;
DROP : 'DROP' ;
EACH : 'EACH' ;
ELSE : 'ELSE' ;
END : 'END' ;
ENDS : 'ENDS' ;
EXISTS : 'EXISTS' ;
EXPLAIN : 'EXPLAIN' ;
EXTRACT : 'EXTRACT' ;
FALSE : 'FALSE' ;
FIELDTERMINATOR : 'FIELDTERMINATOR' ;
FILTER : 'FILTER' ;
FOR : 'FOR' ;
FOREACH : 'FOREACH' ;
FROM : 'FROM' ;
FULLTEXT : 'FULLTEXT' ;
HEADERS : 'HEADERS' ;
IF : 'IF' ;
IN : 'IN' ;
INDEX : 'INDEX' ;
IS : 'IS' ;
KEY : 'KEY' ;
LIMIT : 'LIMIT' ;
LOAD : 'LOAD' ;
LOOKUP : 'LOOKUP' ;
MANDATORY : 'MANDATORY' ;
MATCH : 'MATCH' ;
MERGE : 'MERGE' ;
NODE : 'NODE' ;
NONE : 'NONE' ;
NOT : 'NOT' ;
NULL : 'NULL' ;
OF : 'OF' ;
OFFSET : 'OFFSET' ;
ON : 'ON' ;
OPTIONAL : 'OPTIONAL' ;
OPTIONS : 'OPTIONS' ;
OR : 'OR' ;
ORDER : 'ORDER' ;
POINT : 'POINT' ;
PROFILE : 'PROFILE' ;
RANGE : 'RANGE' ;
REDUCE : 'REDUCE' ;
REL : 'REL' ;
RELATIONSHIP : 'RELATIONSHIP' ;
REMOVE : 'REMOVE' ;
REQUIRE : 'REQUIRE' ;
RETURN : 'RETURN' ;
ROW : 'ROW' ;
ROWS : 'ROWS' ;
SCALAR : 'SCALAR' ;
SET : 'SET' ;
SHORTESTPATH : 'SHORTESTPATH' ;
SINGLE : 'SINGLE' ;
SKIP_ : 'SKIP' ;
STARTS : 'STARTS' ;
TEXT : 'TEXT' ;
THEN : 'THEN' ;
TRANSACTIONS : 'TRANSACTIONS' ;
ERROR : 'ERROR' ;
CONTINUE : 'CONTINUE' ;
BREAK : 'BREAK' ;
FAIL : 'FAIL' ;
REPORT : 'REPORT' ;
STATUS : 'STATUS' ;
TRUE : 'TRUE' ;
TYPED : 'TYPED' ;
UNION : 'UNION' ;
UNIQUE : 'UNIQUE' ;
UNWIND : 'UNWIND' ;
USE : 'USE' ;
VECTOR : 'VECTOR' ;
WHEN : 'WHEN' ;
WHERE : 'WHERE' ;
WITH : 'WITH' ;
XOR : 'XOR' ;
SHOW : 'SHOW' ;
INDEXES : 'INDEXES' ;
CONSTRAINTS : 'CONSTRAINTS' ;
PROCEDURE : 'PROCEDURE' ;
PROCEDURES : 'PROCEDURES' ;
FUNCTION : 'FUNCTION' ;
FUNCTIONS : 'FUNCTIONS' ;
BUILT : 'BUILT' ;
DEFINED : 'DEFINED' ;
USER : 'USER' ;
UNIQUENESS : 'UNIQUENESS' ;
EXISTENCE : 'EXISTENCE' ;
FINISH : 'FINISH' ;
LET : 'LET' ;
SHORTEST : 'SHORTEST' ;
PATH : 'PATH' ;
PATHS : 'PATHS' ;
GROUP : 'GROUP' ;
GROUPS : 'GROUPS' ;
WALK : 'WALK' ;
TRAIL : 'TRAIL' ;
ACYCLIC : 'ACYCLIC' ;
SIMPLE : 'SIMPLE' ;
ZONE : 'ZONE' ;
YIELD : 'YIELD' ;

// Numbers. Invalid forms (0x, 12abc, 0o8, 08) lex as InvalidNumber so the
// walker can report InvalidNumberLiteral.
// An underscore may separate digits: 1_000_000, 0x_ff.
HexInteger : '0x' ( '_'? [0-9a-f] )+ ;
OctalInteger : '0o' ( '_'? [0-7] )+ | '0' [0-7]+ ;
DecimalInteger : '0' | [1-9] ( '_'? [0-9] )* ;
FloatLiteral
    : Digits ( '.' Digits )? 'e' [+-]? Digits
    | '.' Digits ( 'e' [+-]? Digits )?
    | Digits '.' Digits
    ;
fragment Digits : [0-9] ( '_'? [0-9] )* ;
InvalidNumber : [0-9] [0-9a-z_]* ;

StringLiteral
    : '"' ( ~["\\] | '\\' . )* '"'
    | '\'' ( ~['\\] | '\\' . )* '\''
    ;

EscapedSymbolicName : ( '`' ~[`]* '`' )+ ;

UnescapedSymbolicName : [\p{L}\p{Pc}] [\p{L}\p{N}\p{Pc}\p{Mn}\p{Mc}]* ;

DOTDOT : '..' ;
DOT : '.' ;
COLONCOLON : '::' ;
COLON : ':' ;
SEMI : ';' ;
COMMA : ',' ;
LPAREN : '(' ;
RPAREN : ')' ;
LBRACK : '[' ;
RBRACK : ']' ;
LBRACE : '{' ;
RBRACE : '}' ;
PLUSEQ : '+=' ;
REGEQ : '=~' ;
EQ : '=' ;
NE : '<>' ;
LE : '<=' ;
GE : '>=' ;
LT : '<' ;
GT : '>' ;
PLUS : '+' ;
MINUS : '-' ;
STAR : '*' ;
SLASH : '/' ;
PERCENT : '%' ;
CARET : '^' ;
CONCAT : '||' ;
PIPE : '|' ;
AMP : '&' ;
BANG : '!' ;
DOLLAR : '$' ;

WS : [ \t\r\n\f\u000B\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]+ -> channel(HIDDEN) ;
LineComment : '//' ~[\r\n]* -> channel(HIDDEN) ;
BlockComment : '/*' .*? '*/' -> channel(HIDDEN) ;
