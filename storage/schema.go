package storage

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/cyqdb/cyq/value"
)

// This file holds the schema catalog of a graph: the named indexes (other
// than full-text and vector ones, searchindex.go) and the constraints.
// Definitions persist in Pebble under tagSchema, one JSON record per name.
//
// A definition that a property index can serve is backed by one: a range
// or text index on one node property, and a uniqueness or key constraint
// on one node property (the index is then unique, and a violating write
// fails at the write call); a uniqueness or key constraint on several node
// properties has an index on the first, which finds the nodes a commit
// compares. Every other constraint is checked when the
// transaction commits (Commit, CheckSchema), over the nodes and
// relationships the transaction created or changed; a violation fails the
// commit and nothing of the transaction is written. Creating a constraint
// checks the data already there.

// Schema definition types: Type of an index definition.
const (
	SchemaRange  = "RANGE"
	SchemaText   = "TEXT"
	SchemaLookup = "LOOKUP"
)

// Schema definition types: Type of a constraint definition.
const (
	SchemaUnique       = "UNIQUENESS"
	SchemaKey          = "KEY"
	SchemaExistence    = "EXISTENCE"
	SchemaPropertyType = "PROPERTY_TYPE"
)

// SchemaDef is a named index or constraint of the catalog.
type SchemaDef struct {
	Name string `json:"name"`
	// ID numbers definitions in creation order (assigned by CreateSchema).
	ID         int64  `json:"id"`
	Constraint bool   `json:"constraint,omitempty"`
	Type       string `json:"type"` // SchemaRange, ..., SchemaPropertyType
	Rel        bool   `json:"rel,omitempty"`
	// Labels holds the label or relationship type (none for LOOKUP).
	Labels []string `json:"labels,omitempty"`
	Props  []string `json:"props,omitempty"`
	// PropTypes are the types a SchemaPropertyType constraint allows, by
	// their canonical names ("STRING", "LIST<INTEGER NOT NULL>").
	PropTypes []string `json:"propTypes,omitempty"`
}

// Entity returns "NODE" or "RELATIONSHIP".
func (d *SchemaDef) Entity() string {
	if d.Rel {
		return "RELATIONSHIP"
	}
	return "NODE"
}

// Schema returns the schema in Neo4j's notation: (:Book {isbn}) or
// ()-[:KNOWS {since, how}]-().
func (d *SchemaDef) Schema() string {
	l := ""
	if len(d.Labels) > 0 {
		l = ":" + strings.Join(d.Labels, "|")
	}
	ps := ""
	if len(d.Props) > 0 {
		ps = " {" + strings.Join(d.Props, ", ") + "}"
	}
	if d.Rel {
		return "()-[" + l + ps + "]-()"
	}
	return "(" + l + ps + ")"
}

// SameSchema reports whether d and o are on the same entity, labels and
// properties (in order).
func (d *SchemaDef) SameSchema(o *SchemaDef) bool {
	return d.Rel == o.Rel && slices.Equal(d.Labels, o.Labels) && slices.Equal(d.Props, o.Props)
}

// propIndex reports the property index on (label, key) that serves d, and
// whether it is unique: a range or text index on one node property; a
// uniqueness or key constraint on one node property (unique); on several
// node properties, an index on the first one, through which commits find
// the nodes to compare.
func (d *SchemaDef) propIndex() (label, key string, unique, ok bool) {
	if d.Rel || len(d.Labels) != 1 || len(d.Props) == 0 {
		return "", "", false, false
	}
	switch {
	case !d.Constraint && (d.Type == SchemaRange || d.Type == SchemaText):
		return d.Labels[0], d.Props[0], false, len(d.Props) == 1
	case d.Constraint && (d.Type == SchemaUnique || d.Type == SchemaKey):
		return d.Labels[0], d.Props[0], len(d.Props) == 1, true
	}
	return "", "", false, false
}

func (d *SchemaDef) validate() error {
	if d.Name == "" {
		return errorf(ErrInvalidProperty, "a schema definition needs a name")
	}
	ok := false
	if d.Constraint {
		ok = slices.Contains([]string{SchemaUnique, SchemaKey, SchemaExistence, SchemaPropertyType}, d.Type) &&
			len(d.Labels) == 1 && len(d.Props) > 0 && (d.Type != SchemaPropertyType || len(d.Props) == 1 && len(d.PropTypes) > 0)
	} else {
		ok = slices.Contains([]string{SchemaRange, SchemaText, SchemaLookup}, d.Type) &&
			(d.Type == SchemaLookup) == (len(d.Labels) == 0 && len(d.Props) == 0)
	}
	if !ok {
		return errorf(ErrInvalidProperty, "schema definition %q is malformed", d.Name)
	}
	return nil
}

// tagSchema keys a schema definition: \x01 gid 'c' name -> JSON.
const tagSchema = 'c'

func schemaDefKey(gid uint32, name string) []byte {
	return append(append(graphPrefix(gid), tagSchema), name...)
}

func decodeSchemaDef(b []byte) (*SchemaDef, error) {
	d := &SchemaDef{}
	if err := json.Unmarshal(b, d); err != nil {
		return nil, errorf(ErrCorrupt, "bad schema record: %v", err)
	}
	if err := d.validate(); err != nil {
		return nil, errorf(ErrCorrupt, "bad schema record: %v", err)
	}
	return d, nil
}

// SchemaDefs lists the graph's schema definitions by name.
func SchemaDefs(r Reader) []SchemaDef {
	v, err := versionOf(r)
	if err != nil {
		return nil
	}
	out := make([]SchemaDef, 0, len(v.schema))
	for _, d := range v.schema {
		out = append(out, *d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// ---- transactions ----

func (tx *Tx) schemaMut() map[string]*SchemaDef {
	if !tx.ownSchema {
		tx.schema = cloneMap(tx.schema)
		if tx.schema == nil {
			tx.schema = map[string]*SchemaDef{}
		}
		tx.ownSchema = true
	}
	if tx.dirtySchema == nil {
		tx.dirtySchema = map[string]bool{}
	}
	return tx.schema
}

// CreateSchema adds an index or constraint definition. ErrExists if a
// definition or search index has the name; ErrConstraintViolation if the
// data already there breaks a new constraint (nothing changes then).
// Policy between definitions (equivalent or conflicting ones) is the
// caller's.
func (tx *Tx) CreateSchema(def SchemaDef) error {
	if err := tx.check(); err != nil {
		return err
	}
	def.Labels, def.Props, def.PropTypes = slices.Clone(def.Labels), slices.Clone(def.Props), slices.Clone(def.PropTypes)
	if err := def.validate(); err != nil {
		return err
	}
	if _, ok := tx.schema[def.Name]; ok {
		return errorf(ErrExists, "schema object %q", def.Name)
	}
	if _, ok := tx.search[def.Name]; ok {
		return errorf(ErrExists, "index %q", def.Name)
	}
	if def.Constraint {
		if c := tx.resolve(&def); c != nil {
			if err := tx.version.checkConstraint(c, nil, nil, true); err != nil {
				return err
			}
		}
	}
	var next int64
	for _, d := range tx.schema {
		next = max(next, d.ID)
	}
	def.ID = next + 1
	tx.schemaMut()[def.Name] = &def
	if err := tx.syncPropIndex(&def); err != nil {
		delete(tx.schema, def.Name)
		return err
	}
	tx.dirtySchema[def.Name] = true
	return nil
}

// DropSchema drops a definition by name (ErrNotFound if there is none),
// and the property index behind it unless another definition uses it.
func (tx *Tx) DropSchema(name string) error {
	if err := tx.check(); err != nil {
		return err
	}
	d := tx.schema[name]
	if d == nil {
		return errorf(ErrNotFound, "schema object %q", name)
	}
	delete(tx.schemaMut(), name)
	tx.dirtySchema[name] = true
	return tx.syncPropIndex(d)
}

// syncPropIndex makes the property index d uses (if any) exist, explicit
// and unique exactly as the graph's definitions need it.
func (tx *Tx) syncPropIndex(d *SchemaDef) error {
	l, k, _, ok := d.propIndex()
	if !ok {
		return nil
	}
	var explicit, unique bool
	for _, o := range tx.schema {
		if ol, ok2, u, ok := o.propIndex(); ok && ol == l && ok2 == k {
			unique = unique || u
			explicit = explicit || !u
		}
	}
	label, err := tx.LabelIDOrCreate(l)
	if err != nil {
		return err
	}
	key, err := tx.PropKeyIDOrCreate(k)
	if err != nil {
		return err
	}
	ix := tx.indexes[indexKey{label, key}]
	if unique && (ix == nil || !ix.unique) {
		if err := tx.CreateUniqueConstraint(label, key); err != nil {
			return err
		}
	}
	if explicit && (ix == nil || !ix.explicit) {
		if err := tx.CreateIndex(label, key); err != nil {
			return err
		}
	}
	ix = tx.indexes[indexKey{label, key}]
	if !unique && ix != nil && ix.unique {
		if err := tx.DropConstraint(label, key); err != nil {
			return err
		}
	}
	ix = tx.indexes[indexKey{label, key}]
	if !explicit && ix != nil && ix.explicit {
		return tx.DropIndex(label, key)
	}
	return nil
}

func (tx *Tx) encodeSchema(set func(k, v []byte) error, del func(k []byte) error) error {
	for _, name := range sortedStrings(tx.dirtySchema) {
		k := schemaDefKey(tx.g.id, name)
		d := tx.schema[name]
		if d == nil {
			if err := del(k); err != nil {
				return err
			}
			continue
		}
		b, err := json.Marshal(d)
		if err != nil {
			return err
		}
		if err := set(k, b); err != nil {
			return err
		}
	}
	return nil
}

func sortedStrings(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// ---- enforcement ----

// liveConstraint is a constraint with its names resolved to ids.
type liveConstraint struct {
	def   *SchemaDef
	label uint32 // label or relationship type
	keys  []uint32
}

// resolve resolves d's names; nil when no entity can be subject to it yet
// (its label or a property key was never used).
func (v *version) resolve(d *SchemaDef) *liveConstraint { return resolveIn(v.dicts, d) }

// resolveIn is resolve with the dictionaries dicts.
func resolveIn(dicts [3]*dict, d *SchemaDef) *liveConstraint {
	kind := dictLabel
	if d.Rel {
		kind = dictType
	}
	l, ok := dictID(dicts[kind], d.Labels[0])
	if !ok {
		return nil
	}
	c := &liveConstraint{def: d, label: l}
	for _, p := range d.Props {
		k, ok := dictID(dicts[dictKey], p)
		if !ok {
			if d.Type == SchemaExistence || d.Type == SchemaKey {
				k = math.MaxUint32 // no entity has it: every subject violates
			} else {
				return nil
			}
		}
		c.keys = append(c.keys, k)
	}
	return c
}

func (v *version) prop(rel bool, id uint64, key uint32) (value.Value, bool) {
	if key == math.MaxUint32 {
		return nil, false
	}
	if rel {
		return v.RelProp(id, key)
	}
	return v.NodeProp(uint32(id), key)
}

func (v *version) subject(c *liveConstraint, id uint64) bool {
	if c.def.Rel {
		_, _, t, ok := v.Rel(id)
		return ok && t == c.label
	}
	return v.NodeHasLabel(uint32(id), c.label)
}

func entityName(rel bool, id uint64) string {
	if rel {
		return fmt.Sprintf("Relationship(%d)", id)
	}
	return fmt.Sprintf("Node(%d)", id)
}

func (c *liveConstraint) owner() string {
	if c.def.Rel {
		return fmt.Sprintf("with type `%s`", c.def.Labels[0])
	}
	return fmt.Sprintf("with label `%s`", c.def.Labels[0])
}

// checkConstraint checks c on the given nodes or relationships (whichever
// c is about), or on every subject of c when all is set.
func (v *version) checkConstraint(c *liveConstraint, nodes []uint32, rels []uint64, all bool) error {
	rel := c.def.Rel
	var ids []uint64
	if all {
		if rel {
			v.RelsOfType(c.label, func(id uint64, _, _ uint32) bool { ids = append(ids, id); return true })
		} else if b := v.labels[c.label]; b != nil {
			it := b.Iterator()
			for it.HasNext() {
				ids = append(ids, uint64(it.Next()))
			}
		}
	} else if rel {
		for _, id := range rels {
			if v.subject(c, id) {
				ids = append(ids, id)
			}
		}
	} else {
		for _, id := range nodes {
			if v.subject(c, uint64(id)) {
				ids = append(ids, uint64(id))
			}
		}
	}
	if len(ids) == 0 {
		return nil
	}
	slices.Sort(ids)
	for _, id := range ids {
		if err := c.checkEntity(id, func(k uint32) (value.Value, bool) { return v.prop(rel, id, k) }); err != nil {
			return err
		}
	}
	if d := c.def; d.Type == SchemaUnique || d.Type == SchemaKey {
		return v.checkUniqueness(c, ids, all)
	}
	return nil
}

// checkEntity checks c's existence and type rules on one subject, id,
// whose properties get returns (math.MaxUint32: a key no entity has).
func (c *liveConstraint) checkEntity(id uint64, get func(key uint32) (value.Value, bool)) error {
	d, rel := c.def, c.def.Rel
	switch d.Type {
	case SchemaExistence, SchemaKey:
		var missing []string
		for i, k := range c.keys {
			if k == math.MaxUint32 {
				missing = append(missing, d.Props[i])
			} else if _, ok := get(k); !ok {
				missing = append(missing, d.Props[i])
			}
		}
		if len(missing) == 0 {
			return nil
		}
		if len(d.Props) == 1 {
			return errorf(ErrConstraintViolation, "%s %s must have the property `%s`", entityName(rel, id), c.owner(), d.Props[0])
		}
		return errorf(ErrConstraintViolation, "%s %s must have the properties (`%s`)", entityName(rel, id), c.owner(), strings.Join(d.Props, "`, `"))
	case SchemaPropertyType:
		if c.keys[0] == math.MaxUint32 {
			return nil
		}
		val, ok := get(c.keys[0])
		if !ok || typeAllowed(val, d.PropTypes) {
			return nil
		}
		return errorf(ErrConstraintViolation, "%s %s required the property `%s` to be of type `%s`, but was of type `%s`.",
			entityName(rel, id), c.owner(), d.Props[0], strings.Join(d.PropTypes, " | "), storedTypeName(val))
	}
	return nil
}

// tuple returns the key (uniqueKey) and values of c's properties of a
// subject whose properties get returns; ok is false when it lacks one
// (such subjects are exempt from uniqueness).
func (c *liveConstraint) tuple(get func(key uint32) (value.Value, bool)) (string, []value.Value, bool) {
	vals := make([]value.Value, len(c.keys))
	for i, k := range c.keys {
		if k == math.MaxUint32 {
			return "", nil, false
		}
		val, ok := get(k)
		if !ok {
			return "", nil, false
		}
		vals[i] = val
	}
	return uniqueKey(vals), vals, true
}

// duplicate is the error for a subject whose values of c's properties,
// vals, those of subject first have already.
func (c *liveConstraint) duplicate(first uint64, vals []value.Value) error {
	parts := make([]string, len(vals))
	for i, val := range vals {
		parts[i] = fmt.Sprintf("`%s` = %s", c.def.Props[i], value.Format(val))
	}
	what := "property"
	if len(vals) > 1 {
		what = "properties"
	}
	return errorf(ErrConstraintViolation, "%s already exists %s and %s %s", entityName(c.def.Rel, first), c.owner(), what, strings.Join(parts, ", "))
}

// checkUniqueness checks that no two subjects of c share their values of
// c's properties (subjects without all of them are exempt). ids are the
// subjects to check; unless all, they are compared with every subject.
func (v *version) checkUniqueness(c *liveConstraint, ids []uint64, all bool) error {
	rel := c.def.Rel
	if !rel && len(c.keys) == 1 && !all {
		if ix := v.indexes[indexKey{c.label, c.keys[0]}]; ix != nil && ix.unique {
			return nil // the unique index checked each write
		}
	}
	tuple := func(id uint64) (string, []value.Value, bool) {
		return c.tuple(func(k uint32) (value.Value, bool) { return v.prop(rel, id, k) })
	}
	seen := make(map[string]uint64, len(ids))
	violation := c.duplicate
	for _, id := range ids {
		k, vals, ok := tuple(id)
		if !ok {
			continue
		}
		if first, dup := seen[k]; dup {
			return violation(first, vals)
		}
		seen[k] = id
	}
	if all || len(seen) == 0 {
		return nil
	}
	// Compare with the other subjects: through an index on the first
	// property when there is one, else all of them.
	var err error
	check := func(other uint64) bool {
		k, vals, ok := tuple(other)
		if !ok {
			return true
		}
		if first, dup := seen[k]; dup && first != other {
			err = violation(other, vals)
			return false
		}
		return true
	}
	switch {
	case rel:
		v.RelsOfType(c.label, func(id uint64, _, _ uint32) bool { return check(id) })
	case v.indexes[indexKey{c.label, c.keys[0]}] != nil:
		for _, id := range ids {
			val, ok := v.prop(false, id, c.keys[0])
			if !ok {
				continue
			}
			it := v.IndexSeek(c.label, c.keys[0], val).Iterator()
			for it.HasNext() && err == nil {
				check(uint64(it.Next()))
			}
		}
	default:
		if b := v.labels[c.label]; b != nil {
			it := b.Iterator()
			for it.HasNext() && check(uint64(it.Next())) {
			}
		}
	}
	return err
}

// uniqueKey encodes values so that values openCypher equality holds
// between (Int 1 and Float 1.0 included) encode alike.
func uniqueKey(vals []value.Value) string {
	var b strings.Builder
	var add func(val value.Value)
	add = func(val value.Value) {
		switch x := val.(type) {
		case value.Float:
			if f := float64(x); f == math.Trunc(f) && math.Abs(f) < 1<<63 {
				b.WriteString(value.Format(value.Int(int64(f))))
				return
			}
		case value.List:
			b.WriteByte('[')
			for _, e := range x {
				add(e)
				b.WriteByte(',')
			}
			b.WriteByte(']')
			return
		}
		b.WriteString(value.Format(val))
	}
	for _, val := range vals {
		add(val)
		b.WriteByte(0)
	}
	return b.String()
}

// storedTypeName is the type of a stored property value as property type
// constraints name it: "INTEGER", "LIST<STRING NOT NULL>".
func storedTypeName(val value.Value) string {
	if l, ok := val.(value.List); ok {
		if len(l) == 0 {
			return "LIST<NOTHING>"
		}
		return "LIST<" + value.TypeName(l[0]) + " NOT NULL>"
	}
	return value.TypeName(val)
}

func typeAllowed(val value.Value, types []string) bool {
	t := storedTypeName(val)
	for _, want := range types {
		if want == t || t == "LIST<NOTHING>" && strings.HasPrefix(want, "LIST<") {
			return true
		}
	}
	return false
}

// CheckSchema checks the constraints on what the transaction created or
// changed so far (Commit does it too): ErrConstraintViolation names the
// first violation.
func (tx *Tx) CheckSchema() error {
	if len(tx.schema) == 0 {
		return nil
	}
	nodes := sortedKeys(tx.dirtyNodes)
	rels := sortedKeys(tx.dirtyRels)
	for id := tx.base.nextRel; id < tx.nextRel; id++ {
		if !tx.dirtyRels[id] {
			rels = append(rels, id)
		}
	}
	return tx.version.checkSchema(nodes, rels)
}

func (v *version) checkSchema(nodes []uint32, rels []uint64) error {
	if len(nodes) == 0 && len(rels) == 0 {
		return nil
	}
	for _, name := range sortedSchemaNames(v.schema) {
		d := v.schema[name]
		if !d.Constraint {
			continue
		}
		c := v.resolve(d)
		if c == nil {
			continue
		}
		if err := v.checkConstraint(c, nodes, rels, false); err != nil {
			return err
		}
	}
	return nil
}

func sortedSchemaNames(m map[string]*SchemaDef) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// added lists the nodes and relationships a bulk load adds to base (w is
// the version it builds).
func (b *BulkBuilder) added(base, w *version) ([]uint32, []uint64) {
	if len(base.schema) == 0 {
		return nil, nil
	}
	var nodes []uint32
	for id := base.nextNode; id < w.nextNode; id++ {
		nodes = append(nodes, id)
	}
	var rels []uint64
	for id := base.nextRel; id < w.nextRel; id++ {
		rels = append(rels, id)
	}
	return nodes, rels
}
