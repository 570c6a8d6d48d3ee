package ast

// SchemaCommand is implemented by *CreateIndex, *DropIndex,
// *CreateConstraint and *DropConstraint.
type SchemaCommand interface {
	Node
	schemaCommandNode()
}

// IndexKind is the kind of an index.
type IndexKind uint8

// Index kinds.
const (
	IndexRange    IndexKind = iota // CREATE [RANGE] INDEX (the default)
	IndexText                      // CREATE TEXT INDEX
	IndexPoint                     // CREATE POINT INDEX
	IndexLookup                    // CREATE LOOKUP INDEX ... ON EACH labels(n)
	IndexFulltext                  // CREATE FULLTEXT INDEX ... ON EACH [n.a, ...]
	IndexVector                    // CREATE VECTOR INDEX
)

// CreateIndex is
//
//	CREATE [kind] INDEX [name] [IF NOT EXISTS] FOR (n:L) ON (n.a, n.b) [OPTIONS {...}]
//	CREATE [kind] INDEX [name] [IF NOT EXISTS] FOR ()-[r:T]-() ON (r.a) ...
//	CREATE FULLTEXT INDEX name FOR (n:L1|L2) ON EACH [n.a, n.b] ...
//	CREATE LOOKUP INDEX name FOR (n) ON EACH labels(n)
//	CREATE INDEX ON :L(a, b)                       (legacy; Legacy set, Var nil)
type CreateIndex struct {
	Span
	Kind        IndexKind
	Name        string // "" when not given
	NameParam   string // the parameter that gives the name (CREATE INDEX $name ...); "" when none
	IfNotExists bool
	Legacy      bool      // CREATE INDEX ON :L(p)
	Rel         bool      // the index is on relationships
	Var         *Variable // the pattern variable; nil for the legacy form
	Labels      []string  // labels (or relationship types); several for FULLTEXT `L1|L2`
	Props       []string  // indexed property keys, in order
	Each        bool      // ON EACH form (FULLTEXT, LOOKUP)
	Function    string    // LOOKUP: the function after ON EACH (labels or type)
	Options     Expr      // *MapLiteral or *Parameter; nil when absent
}

// DropIndex is DROP INDEX name [IF EXISTS], or the legacy DROP INDEX ON :L(p).
type DropIndex struct {
	Span
	Name      string
	NameParam string // DROP INDEX $name
	IfExists  bool
	Legacy    bool
	Labels    []string // legacy form
	Props     []string // legacy form
}

// ConstraintKind is the kind of a constraint.
type ConstraintKind uint8

// Constraint kinds.
const (
	ConstraintUnique       ConstraintKind = iota // IS UNIQUE
	ConstraintNodeKey                            // IS NODE KEY / IS KEY
	ConstraintNotNull                            // IS NOT NULL
	ConstraintPropertyType                       // IS :: TYPE / IS TYPED TYPE
)

// CreateConstraint is
//
//	CREATE CONSTRAINT [name] [IF NOT EXISTS] FOR (n:L) REQUIRE n.p IS UNIQUE [OPTIONS {...}]
//	CREATE CONSTRAINT [name] FOR ()-[r:T]-() REQUIRE (r.a, r.b) IS NODE KEY
//	CREATE CONSTRAINT [name] FOR (n:L) REQUIRE n.p IS NOT NULL
//	CREATE CONSTRAINT [name] FOR (n:L) REQUIRE n.p IS :: STRING
//	CREATE CONSTRAINT ON (n:L) ASSERT n.p IS UNIQUE   (legacy; Legacy set)
type CreateConstraint struct {
	Span
	Kind        ConstraintKind
	Name        string
	NameParam   string // CREATE CONSTRAINT $name ...
	IfNotExists bool
	Legacy      bool
	Rel         bool
	Var         *Variable
	Label       string   // the label or relationship type
	Props       []string // the constrained property keys
	PropType    string   // ConstraintPropertyType: the type as written, upper-cased
	// Types are the members of a ConstraintPropertyType's union (`IS ::
	// STRING | LIST<STRING NOT NULL>`), one for a single type.
	Types []*ValueType
	// Entity is the word written before UNIQUE or KEY (NODE or
	// RELATIONSHIP; REL reads as RELATIONSHIP), "" when none.
	Entity  string
	Options Expr // nil when absent
}

// DropConstraint is DROP CONSTRAINT name [IF EXISTS].
type DropConstraint struct {
	Span
	Name      string
	NameParam string // DROP CONSTRAINT $name
	IfExists  bool
}

func (*CreateIndex) schemaCommandNode()      {}
func (*DropIndex) schemaCommandNode()        {}
func (*CreateConstraint) schemaCommandNode() {}
func (*DropConstraint) schemaCommandNode()   {}
