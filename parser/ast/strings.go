package ast

var (
	pathKindNames   = [...]string{PathPlain: "plain", PathShortest: "shortestPath", PathAllShortest: "allShortestPaths"}
	directionNames  = [...]string{DirNone: "--", DirRight: "-->", DirLeft: "<--", DirBoth: "<-->"}
	literalNames    = [...]string{LitNull: "null", LitBool: "boolean", LitInt: "integer", LitFloat: "float", LitString: "string"}
	unaryNames      = [...]string{OpNot: "NOT", OpNeg: "-", OpPlus: "+"}
	mapProjNames    = [...]string{MapProjProperty: "property", MapProjLiteral: "literal", MapProjVariable: "variable", MapProjAll: "all"}
	indexKindNames  = [...]string{IndexRange: "RANGE", IndexText: "TEXT", IndexPoint: "POINT", IndexLookup: "LOOKUP", IndexFulltext: "FULLTEXT", IndexVector: "VECTOR"}
	constraintNames = [...]string{ConstraintUnique: "UNIQUE", ConstraintNodeKey: "KEY", ConstraintNotNull: "NOT NULL", ConstraintPropertyType: "TYPE"}
)

func enumName(names []string, i int) string {
	if i >= 0 && i < len(names) {
		return names[i]
	}
	return "unknown"
}

// String returns the kind's name.
func (k PathKind) String() string { return enumName(pathKindNames[:], int(k)) }

// String returns the direction drawn as an arrow.
func (d Direction) String() string { return enumName(directionNames[:], int(d)) }

// String returns the literal kind's type name.
func (k LiteralKind) String() string { return enumName(literalNames[:], int(k)) }

// String returns the operator's Cypher spelling.
func (o UnaryOp) String() string { return enumName(unaryNames[:], int(o)) }

// String returns the item kind's name.
func (k MapProjectionKind) String() string { return enumName(mapProjNames[:], int(k)) }

// String returns the index kind's keyword.
func (k IndexKind) String() string { return enumName(indexKindNames[:], int(k)) }

// String returns the constraint kind's name.
func (k ConstraintKind) String() string { return enumName(constraintNames[:], int(k)) }
