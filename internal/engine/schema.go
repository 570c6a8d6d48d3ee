package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// schemaCommand runs CREATE/DROP INDEX and CONSTRAINT with Neo4j 5's
// rules: names are unique among indexes and constraints (generated when
// not given); creating what already exists (by name or an equivalent
// definition) fails unless IF NOT EXISTS; dropping what does not exist
// fails unless IF EXISTS; a constraint the data already breaks is not
// created. Storage keeps the definitions and enforces the constraints.
func (eng *Engine) schemaCommand(ctx context.Context, g *storage.Graph, st *ast.Statement, src string, params map[string]value.Value) (*Rows, error) {
	if eng.opts.ReadOnly {
		return nil, cyqerr.Compile(cyqerr.AccessDenied, "ReadOnly", "schema commands change the store, which is open read-only")
	}
	sc := &schemaCmd{eng: eng, src: src, params: params}
	tx, err := g.Begin(ctx)
	if err != nil {
		return nil, stopped(ctx, mapStorageErr(err))
	}
	defer tx.Rollback()
	sc.tx = tx
	out := &Rows{pos: -1}
	sc.n = &out.counters
	switch c := st.Command.(type) {
	case *ast.CreateIndex:
		err = sc.createIndex(c)
	case *ast.DropIndex:
		err = sc.dropIndex(c)
	case *ast.CreateConstraint:
		err = sc.createConstraint(c)
	case *ast.DropConstraint:
		err = sc.dropConstraint(c)
	default:
		err = sc.fail(st.Command, cyqerr.SemanticError, "Unsupported", "this schema command is not supported")
	}
	if err != nil {
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, mapStorageErr(err)
	}
	eng.plans.invalidate()
	return out, nil
}

type schemaCmd struct {
	eng    *Engine
	tx     *storage.Tx
	src    string
	params map[string]value.Value
	n      *Counters
}

func (sc *schemaCmd) fail(at ast.Node, t cyqerr.Type, detail, format string, args ...any) *cyqerr.Error {
	return cyqerr.Compile(t, detail, format, args...).At(sc.src, at.NodeSpan().Start)
}

// name resolves a schema object's name, given or as a parameter.
func (sc *schemaCmd) name(at ast.Node, name, param string) (string, error) {
	if param == "" {
		return name, nil
	}
	v, ok := sc.params[param]
	if !ok {
		return "", sc.fail(at, cyqerr.ParameterMissing, "", "expected parameter $%s, which gives the name", param)
	}
	s, ok := v.(value.String)
	if !ok || s == "" {
		return "", sc.fail(at, cyqerr.TypeError, "InvalidArgumentType", "the name of an index or constraint must be a non-empty STRING, but $%s is %s", param, value.Format(v))
	}
	return string(s), nil
}

// owner finds the schema object called name: a definition or a full-text
// or vector index.
func (sc *schemaCmd) owner(name string) (def *storage.SchemaDef, search bool) {
	for _, d := range storage.SchemaDefs(sc.tx) {
		if d.Name == name {
			return &d, false
		}
	}
	_, ok := storage.SearchIndex(sc.tx, name)
	return nil, ok
}

// taken reports whether a schema object has the name.
func (sc *schemaCmd) taken(name string) bool {
	d, search := sc.owner(name)
	return d != nil || search
}

// nameTaken is the error for creating a schema object under a name in use.
func (sc *schemaCmd) nameTaken(at ast.Node, name string) error {
	if d, _ := sc.owner(name); d != nil && d.Constraint {
		return sc.fail(at, cyqerr.SemanticError, "ConstraintWithNameAlreadyExists", "There already exists a constraint called '%s'.", name).
			WithHint("choose another name, or add IF NOT EXISTS")
	}
	return sc.fail(at, cyqerr.SemanticError, "IndexWithNameAlreadyExists", "There already exists an index called '%s'.", name).
		WithHint("choose another name, or add IF NOT EXISTS")
}

func (sc *schemaCmd) options(at ast.Node, opts ast.Expr, provider string) error {
	if opts == nil {
		return nil
	}
	o, err := literalValue(opts)
	if p, ok := opts.(*ast.Parameter); ok {
		o, err = sc.params[p.Name], nil
	}
	if err != nil {
		return sc.fail(at, cyqerr.SemanticError, "InvalidOptions", "%s", err.Error())
	}
	m, ok := o.(value.Map)
	if !ok {
		return sc.fail(at, cyqerr.SemanticError, "InvalidOptions", "OPTIONS must be a map, got %s", value.Format(o))
	}
	for k, v := range m {
		switch k {
		case "indexProvider":
			s, ok := v.(value.String)
			if !ok || (string(s) != provider && !(provider == "text-2.0" && s == "text-1.0")) {
				return sc.fail(at, cyqerr.SemanticError, "InvalidOptions", "Could not create %s with specified index provider '%s'.", strings.TrimSuffix(provider, "-1.0"), value.Format(v)).
					WithHint("the only provider is '%s'", provider)
			}
		case "indexConfig":
			if cm, ok := v.(value.Map); !ok || len(cm) > 0 {
				return sc.fail(at, cyqerr.SemanticError, "InvalidOptions", "this index takes no indexConfig settings, got %s", value.Format(v))
			}
		default:
			return sc.fail(at, cyqerr.SemanticError, "InvalidOptions", "unknown OPTIONS key '%s' (want indexProvider or indexConfig)", k)
		}
	}
	return nil
}

// ---- indexes ----

func (sc *schemaCmd) createIndex(c *ast.CreateIndex) error {
	name, err := sc.name(c, c.Name, c.NameParam)
	if err != nil {
		return err
	}
	switch c.Kind {
	case ast.IndexPoint:
		return sc.fail(c, cyqerr.SemanticError, "Unsupported", "POINT indexes are not supported: cyq has no spatial (POINT) values").
			WithHint("index the coordinates as numbers with a RANGE index, e.g. CREATE INDEX FOR (n:L) ON (n.latitude, n.longitude)")
	case ast.IndexFulltext, ast.IndexVector:
		return sc.createSearchIndex(c, name)
	}
	d := storage.SchemaDef{Name: name, Rel: c.Rel, Labels: c.Labels, Props: c.Props}
	switch c.Kind {
	case ast.IndexText:
		d.Type = storage.SchemaText
	case ast.IndexLookup:
		d.Type = storage.SchemaLookup
	default:
		d.Type = storage.SchemaRange
	}
	if err := sc.indexShape(c, &d); err != nil {
		return err
	}
	if err := sc.options(c, c.Options, IndexProvider(d.Type)); err != nil {
		return err
	}
	if d.Name == "" {
		d.Name = defName(sc.taken, &d)
	}
	for _, o := range storage.SchemaDefs(sc.tx) {
		equivalent := !o.Constraint && o.Type == d.Type && (o.SameSchema(&d) || d.Type == storage.SchemaLookup && o.Rel == d.Rel)
		switch {
		case equivalent && c.IfNotExists:
			return nil
		case equivalent && o.Name == d.Name:
			return sc.fail(c, cyqerr.SemanticError, "EquivalentSchemaRuleAlreadyExists", "An equivalent index already exists, '%s'.", describe(&o))
		case equivalent:
			return sc.fail(c, cyqerr.SemanticError, "EquivalentSchemaRuleAlreadyExists", "An equivalent index already exists, '%s'.", describe(&o)).
				WithHint("there can be one %s index on %s; drop '%s' first to rename it", d.Type, d.Schema(), o.Name)
		case d.Type == storage.SchemaRange && o.Constraint && (o.Type == storage.SchemaUnique || o.Type == storage.SchemaKey) && o.SameSchema(&d):
			if c.IfNotExists {
				return nil
			}
			return sc.fail(c, cyqerr.SemanticError, "IndexAlreadyExists", "There is a %s constraint on %s, so an index is already created that matches this.",
				strings.ToLower(strings.ReplaceAll(ConstraintType(&o), "_", " ")), o.Schema()).
				WithHint("the index '%s' of constraint '%s' serves the same lookups", o.Name, o.Name)
		}
	}
	if taken, search := sc.owner(d.Name); taken != nil || search {
		// IF NOT EXISTS accepts an index of that name, not a constraint.
		if c.IfNotExists && (taken == nil || !taken.Constraint) {
			return nil
		}
		return sc.nameTaken(c, d.Name)
	}
	if err := sc.tx.CreateSchema(d); err != nil {
		return mapStorageErr(err)
	}
	sc.n.IndexesAdded++
	return nil
}

// indexShape checks the pattern and properties of CREATE [RANGE | TEXT |
// LOOKUP] INDEX.
func (sc *schemaCmd) indexShape(c *ast.CreateIndex, d *storage.SchemaDef) error {
	ent := "a label"
	if c.Rel {
		ent = "a relationship type"
	}
	switch {
	case d.Type == storage.SchemaLookup:
		want := "labels"
		if c.Rel {
			want = "type"
		}
		if len(c.Labels) > 0 || !strings.EqualFold(c.Function, want) {
			pat, v := schemaPattern(c.Rel, nil)
			return sc.fail(c, cyqerr.SyntaxError, "InvalidLookupIndex", "a LOOKUP index on %ss is written FOR %s ON EACH %s(%s)", strings.ToLower(d.Entity()), pat, want, v)
		}
		d.Labels, d.Props = nil, nil
		return nil
	case c.Each || c.Function != "":
		return sc.fail(c, cyqerr.SyntaxError, "InvalidIndex", "ON EACH is for FULLTEXT and LOOKUP indexes; a %s index is written ON (%s.property)", d.Type, c.Var.Name)
	case len(c.Labels) != 1:
		return sc.fail(c, cyqerr.SemanticError, "InvalidIndex", "a %s index is on exactly one %s, got %d", d.Type, ent, len(c.Labels)).
			WithHint("index several labels or types with a FULLTEXT index, or create one index per label")
	case d.Type == storage.SchemaText && len(c.Props) != 1:
		return sc.fail(c, cyqerr.SemanticError, "InvalidIndex", "a TEXT index is on exactly one property, got %d", len(c.Props)).
			WithHint("create one TEXT index per property")
	case len(c.Props) == 0:
		return sc.fail(c, cyqerr.SemanticError, "InvalidIndex", "an index needs at least one property")
	}
	for i, p := range c.Props {
		if slices.Contains(c.Props[:i], p) {
			return sc.fail(c, cyqerr.SemanticError, "InvalidIndex", "property `%s` appears twice in the index", p)
		}
	}
	return nil
}

func (sc *schemaCmd) createSearchIndex(c *ast.CreateIndex, name string) error {
	c2 := *c
	c2.Name = name
	def, err := searchIndexDef(&c2)
	if err != nil {
		return sc.fail(c, cyqerr.SemanticError, "InvalidIndex", "%s", err.Error())
	}
	if def.Name == "" {
		def.Name = generatedName(sc.taken, false, def.Kind.String(), def.Labels, def.Props, fmt.Sprint(def.Rel))
	}
	// Full-text and vector indexes on the same schema may differ in their
	// settings (BM25 parameters, embedder): only an unnamed one that
	// matches an existing one is its equivalent.
	for _, o := range storage.SearchIndexes(sc.tx) {
		if name == "" && o.Kind == def.Kind && o.Rel == def.Rel && slices.Equal(o.Labels, def.Labels) && slices.Equal(o.Props, def.Props) {
			if c.IfNotExists {
				return nil
			}
			return sc.fail(c, cyqerr.SemanticError, "EquivalentSchemaRuleAlreadyExists", "An equivalent index already exists, 'Index( name='%s', type='%s', schema=%s, indexProvider='%s' )'.",
				o.Name, o.Kind, searchSchema(o.SearchIndexDef), IndexProvider(o.Kind.String()))
		}
	}
	if taken, search := sc.owner(def.Name); taken != nil || search {
		if c.IfNotExists && (taken == nil || !taken.Constraint) {
			return nil
		}
		return sc.nameTaken(c, def.Name)
	}
	if def.Kind == storage.SearchVector && def.Embedder != "" {
		if _, err := sc.eng.Embedder(def.Embedder); err != nil {
			return sc.fail(c, cyqerr.SemanticError, "InvalidIndex", "%s", err.Error())
		}
	}
	if err := sc.tx.CreateSearchIndex(def); err != nil {
		return mapStorageErr(err)
	}
	sc.eng.embeds.forget(def.Name) // nodes indexed before have no vector: find them again
	sc.n.IndexesAdded++
	return nil
}

func searchSchema(d storage.SearchIndexDef) string {
	sd := storage.SchemaDef{Rel: d.Rel, Labels: d.Labels, Props: d.Props}
	return sd.Schema()
}

func (sc *schemaCmd) dropIndex(c *ast.DropIndex) error {
	if c.Legacy {
		return sc.dropLegacyIndex(c)
	}
	name, err := sc.name(c, c.Name, c.NameParam)
	if err != nil {
		return err
	}
	d, search := sc.owner(name)
	switch {
	case search:
		sc.eng.embeds.forget(name)
		if err := sc.tx.DropSearchIndex(name); err != nil {
			return mapStorageErr(err)
		}
	case d != nil && d.Constraint && (d.Type == storage.SchemaUnique || d.Type == storage.SchemaKey):
		return sc.fail(c, cyqerr.SemanticError, "DropIndexFailed", "Unable to drop index: Index belongs to constraint: `%s`", name).
			WithHint("DROP CONSTRAINT %s drops the constraint and its index", quoteName(name))
	case d != nil && !d.Constraint:
		if err := sc.tx.DropSchema(name); err != nil {
			return mapStorageErr(err)
		}
	case c.IfExists:
		return nil
	default:
		return sc.fail(c, cyqerr.SemanticError, "IndexNotFound", "Unable to drop index: No such index '%s'.", name).
			WithHint("SHOW INDEXES lists the indexes by name; DROP INDEX ... IF EXISTS does nothing when there is none")
	}
	sc.n.IndexesRemoved++
	return nil
}

// dropLegacyIndex is DROP INDEX ON :L(p, ...): the range index on that
// schema, whatever its name.
func (sc *schemaCmd) dropLegacyIndex(c *ast.DropIndex) error {
	want := storage.SchemaDef{Labels: c.Labels, Props: c.Props}
	for _, d := range storage.SchemaDefs(sc.tx) {
		if !d.Constraint && d.Type == storage.SchemaRange && d.SameSchema(&want) {
			if err := sc.tx.DropSchema(d.Name); err != nil {
				return mapStorageErr(err)
			}
			sc.n.IndexesRemoved++
			return nil
		}
	}
	// An index of a store written before indexes had names.
	if len(c.Props) == 1 {
		l, ok1 := sc.tx.LabelID(c.Labels[0])
		k, ok2 := sc.tx.PropKeyID(c.Props[0])
		if ix, ok := sc.tx.Index(l, k); ok1 && ok2 && ok && ix.Explicit {
			if err := sc.tx.DropIndex(l, k); err != nil {
				return mapStorageErr(err)
			}
			sc.n.IndexesRemoved++
			return nil
		}
	}
	if c.IfExists {
		return nil
	}
	return sc.fail(c, cyqerr.SemanticError, "IndexNotFound", "Unable to drop index on %s. There is no such index.", want.Schema()).
		WithHint("SHOW INDEXES lists the indexes; drop one by name with DROP INDEX name")
}

// ---- constraints ----

func (sc *schemaCmd) createConstraint(c *ast.CreateConstraint) error {
	name, err := sc.name(c, c.Name, c.NameParam)
	if err != nil {
		return err
	}
	d := storage.SchemaDef{Name: name, Constraint: true, Rel: c.Rel, Labels: []string{c.Label}, Props: c.Props}
	is := ""
	switch c.Kind {
	case ast.ConstraintUnique:
		d.Type, is = storage.SchemaUnique, "IS UNIQUE"
	case ast.ConstraintNodeKey:
		d.Type, is = storage.SchemaKey, "IS KEY"
	case ast.ConstraintNotNull:
		d.Type, is = storage.SchemaExistence, "IS NOT NULL"
	default:
		d.Type, is = storage.SchemaPropertyType, "IS :: "+c.PropType
	}
	if c.Entity != "" {
		is = "IS " + c.Entity + strings.TrimPrefix(is, "IS")
	}
	switch {
	case c.Label == "":
		return sc.fail(c, cyqerr.SemanticError, "InvalidConstraint", "a constraint needs a label or relationship type: FOR (n:Label) or FOR ()-[r:TYPE]-()")
	case c.Entity == "NODE" && c.Rel || c.Entity == "RELATIONSHIP" && !c.Rel:
		right := "NODE"
		if c.Rel {
			right = "RELATIONSHIP"
		}
		return sc.fail(c, cyqerr.SyntaxError, "InvalidConstraint", "'%s' does not allow %s patterns", is, strings.ToLower(d.Entity())).
			WithHint("write %s", strings.Replace(is, c.Entity, right, 1))
	case len(c.Props) > 1 && (d.Type == storage.SchemaExistence || d.Type == storage.SchemaPropertyType):
		return sc.fail(c, cyqerr.SyntaxError, "InvalidConstraint", "Constraint type '%s' does not allow multiple properties", is).
			WithHint("create one constraint per property")
	}
	for i, p := range c.Props {
		if slices.Contains(c.Props[:i], p) {
			return sc.fail(c, cyqerr.SemanticError, "InvalidConstraint", "property `%s` appears twice in the constraint", p)
		}
	}
	if d.Type == storage.SchemaPropertyType {
		ts, err := propertyTypes(c.Types)
		if err != nil {
			return sc.fail(c, cyqerr.SyntaxError, "InvalidPropertyType", "Failed to create %s property type constraint: %s", strings.ToLower(d.Entity()), err.Error())
		}
		d.PropTypes = ts
	}
	provider := "range-1.0"
	if d.Type == storage.SchemaExistence || d.Type == storage.SchemaPropertyType {
		provider = ""
	}
	if err := sc.constraintOptions(c, provider); err != nil {
		return err
	}
	if d.Name == "" {
		d.Name = defName(sc.taken, &d)
	}
	indexBacked := d.Type == storage.SchemaUnique || d.Type == storage.SchemaKey
	for _, o := range storage.SchemaDefs(sc.tx) {
		switch {
		case !o.SameSchema(&d):
		case o.Constraint && o.Type == d.Type && slices.Equal(o.PropTypes, d.PropTypes):
			if c.IfNotExists {
				return nil
			}
			if o.Name == d.Name {
				return sc.fail(c, cyqerr.SemanticError, "EquivalentSchemaRuleAlreadyExists", "Constraint already exists: %s", describe(&o))
			}
			return sc.fail(c, cyqerr.SemanticError, "EquivalentSchemaRuleAlreadyExists", "An equivalent constraint already exists, '%s'.", describe(&o))
		case o.Constraint && (o.Type == d.Type || indexBacked && (o.Type == storage.SchemaUnique || o.Type == storage.SchemaKey)):
			// A unique and a key constraint, or two property types, on the same schema.
			return sc.fail(c, cyqerr.SemanticError, "ConstraintAlreadyExists", "Conflicting constraint already exists: %s", describe(&o)).
				WithHint("drop '%s' first", o.Name)
		case !o.Constraint && o.Type == storage.SchemaRange && indexBacked:
			return sc.fail(c, cyqerr.SemanticError, "IndexAlreadyExists", "There already exists an index %s. A constraint cannot be created until the index has been dropped.", d.Schema()).
				WithHint("DROP INDEX %s, then create the constraint: it brings its own index", quoteName(o.Name))
		}
	}
	if taken, search := sc.owner(d.Name); taken != nil || search {
		// IF NOT EXISTS accepts a constraint of that name, not an index.
		if c.IfNotExists && taken != nil && taken.Constraint {
			return nil
		}
		return sc.nameTaken(c, d.Name)
	}
	if err := sc.tx.CreateSchema(d); err != nil {
		if errors.Is(err, storage.ErrConstraintViolation) {
			detail := strings.TrimPrefix(err.Error(), storage.ErrConstraintViolation.Error()+": ")
			e := sc.fail(c, cyqerr.ConstraintValidationFailed, "ConstraintCreationFailed", "Unable to create Constraint( name='%s', type='%s', schema=%s ):\n%s",
				d.Name, strings.ReplaceAll(ConstraintType(&d), "_", " "), d.Schema(), detail).
				WithHint("fix or remove the data that breaks it, then create the constraint")
			e.Cause = err
			return e
		}
		return mapStorageErr(err)
	}
	sc.n.ConstraintsAdded++
	return nil
}

// constraintOptions checks a constraint's OPTIONS: an index-backed one
// takes those of a range index, the others none.
func (sc *schemaCmd) constraintOptions(c *ast.CreateConstraint, provider string) error {
	if provider != "" || c.Options == nil {
		return sc.options(c, c.Options, provider)
	}
	if m, ok := c.Options.(*ast.MapLiteral); ok && len(m.Entries) == 0 {
		return nil
	}
	return sc.fail(c, cyqerr.SemanticError, "InvalidOptions", "this kind of constraint has no index and takes no OPTIONS")
}

func (sc *schemaCmd) dropConstraint(c *ast.DropConstraint) error {
	name, err := sc.name(c, c.Name, c.NameParam)
	if err != nil {
		return err
	}
	d, _ := sc.owner(name)
	if d == nil || !d.Constraint {
		if c.IfExists {
			return nil
		}
		return sc.fail(c, cyqerr.SemanticError, "ConstraintNotFound", "Unable to drop constraint `%s`: No such constraint %s.", name, name).
			WithHint("SHOW CONSTRAINTS lists the constraints by name; DROP CONSTRAINT ... IF EXISTS does nothing when there is none")
	}
	if err := sc.tx.DropSchema(name); err != nil {
		return mapStorageErr(err)
	}
	sc.n.ConstraintsRemoved++
	return nil
}
