package engine

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/storage"
)

// The catalog's vocabulary as Neo4j 5 shows it: constraint and index
// types, providers, generated names and the statements that recreate a
// schema object. SHOW INDEXES / CONSTRAINTS (package procedures) and the
// schema commands' messages share it.

// ConstraintType is the type column SHOW CONSTRAINTS gives d
// (UNIQUENESS, RELATIONSHIP_UNIQUENESS, NODE_KEY, ...).
func ConstraintType(d *storage.SchemaDef) string {
	ent := "NODE_"
	if d.Rel {
		ent = "RELATIONSHIP_"
	}
	switch d.Type {
	case storage.SchemaUnique:
		if d.Rel {
			return "RELATIONSHIP_UNIQUENESS"
		}
		return "UNIQUENESS"
	case storage.SchemaKey:
		return ent + "KEY"
	case storage.SchemaExistence:
		return ent + "PROPERTY_EXISTENCE"
	}
	return ent + "PROPERTY_TYPE"
}

// IndexProvider is the provider Neo4j names for an index type.
func IndexProvider(typ string) string {
	switch typ {
	case storage.SchemaText:
		return "text-2.0"
	case storage.SchemaLookup:
		return "token-lookup-1.0"
	case "FULLTEXT":
		return "fulltext-1.0"
	case "VECTOR":
		return "vector-2.0"
	}
	return "range-1.0"
}

// generatedName is the name a schema object created without one gets:
// index_ or constraint_ and what it is on (index_Person_name,
// constraint_KNOWS_since_how; the kind is added for a second object on
// the same schema, then a hash of the definition), so that a reader can
// tell what it is and a generated name stays the same.
func generatedName(taken func(string) bool, constraint bool, kind string, labels, props []string, more ...string) string {
	prefix := "index"
	if constraint {
		prefix = "constraint"
	}
	parts := append([]string{prefix}, labels...)
	parts = append(parts, props...)
	if len(labels) == 0 && len(props) == 0 {
		parts = append(parts, strings.ToLower(kind))
	}
	name := strings.Join(parts, "_")
	if !taken(name) {
		return name
	}
	name += "_" + strings.ToLower(strings.ReplaceAll(kind, " ", "_"))
	if !taken(name) {
		return name
	}
	h := fnv.New32a()
	for _, p := range append(append(append([]string{kind}, labels...), props...), more...) {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return fmt.Sprintf("%s_%08x", name, h.Sum32())
}

func defName(taken func(string) bool, d *storage.SchemaDef) string {
	kind := d.Type
	if d.Type == storage.SchemaLookup {
		kind = map[bool]string{false: "label lookup", true: "type lookup"}[d.Rel]
	}
	return generatedName(taken, d.Constraint, kind, d.Labels, d.Props, d.Entity(), strings.Join(d.PropTypes, "|"))
}

// describe is how error messages name a schema object:
// Index( name='x', type='RANGE', schema=(:L {p}) ).
func describe(d *storage.SchemaDef) string {
	if d.Constraint {
		s := fmt.Sprintf("Constraint( id=%d, name='%s', type='%s', schema=%s", d.ID, d.Name, ConstraintType(d), d.Schema())
		if d.Type == storage.SchemaUnique || d.Type == storage.SchemaKey {
			s += fmt.Sprintf(", ownedIndex=%d", d.ID)
		}
		if d.Type == storage.SchemaPropertyType {
			s += ", propertyType=" + strings.Join(d.PropTypes, " | ")
		}
		return s + " )"
	}
	return fmt.Sprintf("Index( id=%d, name='%s', type='%s', schema=%s, indexProvider='%s' )", d.ID, d.Name, d.Type, d.Schema(), IndexProvider(d.Type))
}

func quoteName(s string) string { return "`" + strings.ReplaceAll(s, "`", "``") + "`" }

// schemaPattern writes (n:`L`) or ()-[r:`T`]-() for a create statement.
func schemaPattern(rel bool, labels []string) (pattern, v string) {
	ls := make([]string, len(labels))
	for i, l := range labels {
		ls[i] = quoteName(l)
	}
	l := ""
	if len(ls) > 0 {
		l = ":" + strings.Join(ls, "|")
	}
	if rel {
		return "()-[r" + l + "]-()", "r"
	}
	return "(n" + l + ")", "n"
}

func propRefs(v string, props []string) []string {
	out := make([]string, len(props))
	for i, p := range props {
		out[i] = v + "." + quoteName(p)
	}
	return out
}

// CreateStatement is the statement that recreates d (SHOW ... YIELD
// createStatement).
func CreateStatement(d *storage.SchemaDef) string {
	pat, v := schemaPattern(d.Rel, d.Labels)
	refs := propRefs(v, d.Props)
	if !d.Constraint {
		if d.Type == storage.SchemaLookup {
			fn := "labels"
			if d.Rel {
				fn = "type"
			}
			return fmt.Sprintf("CREATE LOOKUP INDEX %s FOR %s ON EACH %s(%s)", quoteName(d.Name), pat, fn, v)
		}
		return fmt.Sprintf("CREATE %s INDEX %s FOR %s ON (%s)", d.Type, quoteName(d.Name), pat, strings.Join(refs, ", "))
	}
	req := refs[0]
	if len(refs) > 1 {
		req = "(" + strings.Join(refs, ", ") + ")"
	}
	var is string
	switch d.Type {
	case storage.SchemaUnique:
		is = "IS UNIQUE"
	case storage.SchemaKey:
		is = "IS " + strings.TrimSuffix(d.Entity(), "SHIP") + " KEY"
		if d.Rel {
			is = "IS RELATIONSHIP KEY"
		}
	case storage.SchemaExistence:
		is = "IS NOT NULL"
	default:
		is = "IS :: " + strings.Join(d.PropTypes, " | ")
	}
	s := fmt.Sprintf("CREATE CONSTRAINT %s FOR %s REQUIRE %s %s", quoteName(d.Name), pat, req, is)
	if d.Type == storage.SchemaUnique || d.Type == storage.SchemaKey {
		s += " OPTIONS {indexConfig: {}, indexProvider: 'range-1.0'}"
	}
	return s
}

// SearchCreateStatement is the statement that recreates a full-text or
// vector index.
func SearchCreateStatement(d storage.SearchIndexDef) string {
	pat, v := schemaPattern(d.Rel, d.Labels)
	refs := propRefs(v, d.Props)
	if d.Kind == storage.SearchVector {
		return fmt.Sprintf("CREATE VECTOR INDEX %s FOR %s ON (%s) OPTIONS {indexConfig: {`vector.dimensions`: %d, `vector.similarity_function`: '%s'}, indexProvider: 'vector-2.0'}",
			quoteName(d.Name), pat, strings.Join(refs, ", "), d.Dim, strings.ToUpper(d.Similarity))
	}
	return fmt.Sprintf("CREATE FULLTEXT INDEX %s FOR %s ON EACH [%s] OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words', `fulltext.eventually_consistent`: false}, indexProvider: 'fulltext-1.0'}",
		quoteName(d.Name), pat, strings.Join(refs, ", "))
}

// propertyTypeOrder is the order Neo4j normalises a property type union
// into; LIST<T NOT NULL> types follow, in the order of T.
var propertyTypeOrder = []string{"BOOLEAN", "STRING", "INTEGER", "FLOAT", "DATE", "LOCAL TIME", "ZONED TIME",
	"LOCAL DATETIME", "ZONED DATETIME", "DURATION", "POINT"}

// propertyTypes normalises the union a property type constraint allows:
// ANY<...> flattened, duplicates dropped, in Neo4j's order. It refuses
// types a stored property cannot have.
func propertyTypes(ts []*ast.ValueType) ([]string, error) {
	var flat []*ast.ValueType
	var walk func(t *ast.ValueType)
	walk = func(t *ast.ValueType) {
		if t.Name == "ANY" && len(t.Alts) > 0 {
			for _, a := range t.Alts {
				walk(a)
			}
			return
		}
		flat = append(flat, t)
	}
	for _, t := range ts {
		walk(t)
	}
	rank := map[string]int{}
	for _, t := range flat {
		name := t.Name
		bad := func() error {
			return fmt.Errorf("invalid property type `%s`: a property type constraint allows %s, and LIST<T NOT NULL> of these",
				typeText(t), strings.Join(propertyTypeOrder, ", "))
		}
		if t.NotNull {
			return nil, fmt.Errorf("invalid property type `%s`: a property type constraint cannot require a value (NOT NULL); add an existence constraint (IS NOT NULL) for that", typeText(t))
		}
		i := slices.Index(propertyTypeOrder, name)
		if name == "LIST" {
			if t.Elem == nil || !t.Elem.NotNull || t.Elem.Elem != nil || len(t.Elem.Alts) > 0 {
				return nil, bad()
			}
			j := slices.Index(propertyTypeOrder, t.Elem.Name)
			if j < 0 {
				return nil, bad()
			}
			i = len(propertyTypeOrder) + j
		}
		if i < 0 {
			return nil, bad()
		}
		rank[typeText(t)] = i
	}
	out := make([]string, 0, len(rank))
	for s := range rank {
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b string) int { return rank[a] - rank[b] })
	return out, nil
}

// typeText is the canonical text of a type: INTEGER, LIST<STRING NOT NULL>.
func typeText(t *ast.ValueType) string {
	s := t.Name
	switch {
	case t.Name == "LIST" && t.Elem != nil:
		s = "LIST<" + typeText(t.Elem) + ">"
	case len(t.Alts) > 0:
		parts := make([]string, len(t.Alts))
		for i, a := range t.Alts {
			parts[i] = typeText(a)
		}
		s = "ANY<" + strings.Join(parts, " | ") + ">"
	}
	if t.NotNull {
		s += " NOT NULL"
	}
	return s
}
