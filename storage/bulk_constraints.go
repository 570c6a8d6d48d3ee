package storage

import (
	"fmt"

	"github.com/cyqdb/cyq/value"
)

// streamedConstraints checks the graph's constraints (schema.go) on a
// streamed load before anything is written, reading the loaded nodes and
// relationships from the builder and the graph's from its pages without
// caching them. A load only adds entities, so existence and type rules
// are checked on the loaded subjects alone (checkEntity, the rule
// commits apply), and uniqueness compares the loaded subjects' values
// with each other and with those of the graph's subjects. A uniqueness
// or key constraint on one node property is served by a unique property
// index, which streamedIndexes checks by merging sorted values; the
// others keep the loaded subjects' values in a map (memory in
// proportion to the loaded subjects) and read the graph's subjects once.
// The first violation, by constraint name, then entity id, fails the
// load with ErrConstraintViolation, as a commit would.
func (b *BulkBuilder) streamedConstraints() error {
	base := b.base
	for _, name := range sortedSchemaNames(base.schema) {
		d := base.schema[name]
		if !d.Constraint {
			continue
		}
		c := resolveIn(b.dicts, d)
		if c == nil {
			continue // nothing can be subject to it
		}
		unique := d.Type == SchemaUnique || d.Type == SchemaKey
		if unique && !d.Rel && len(c.keys) == 1 {
			if ix := base.indexes[indexKey{c.label, c.keys[0]}]; ix != nil && ix.unique {
				unique = false // streamedIndexes checks it
			}
		}
		var seen map[string]uint64
		if unique {
			seen = map[string]uint64{}
		}
		check := func(id uint64, get func(uint32) (value.Value, bool)) error {
			if err := c.checkEntity(id, get); err != nil {
				return err
			}
			if seen == nil {
				return nil
			}
			k, vals, ok := c.tuple(get)
			if !ok {
				return nil
			}
			if first, dup := seen[k]; dup {
				return c.duplicate(first, vals)
			}
			seen[k] = id
			return nil
		}
		var err error
		if d.Rel {
			err = b.eachNewRel(c.label, check)
		} else {
			err = b.eachNewNode(c.label, check)
		}
		if err != nil {
			return err
		}
		if len(seen) > 0 {
			if err := b.compareExisting(c, seen); err != nil {
				return err
			}
		}
		if err := b.ctx.Err(); err != nil {
			return fmt.Errorf("storage: bulk load abandoned: %w", err)
		}
	}
	return nil
}

// eachNewNode calls fn for each loaded node with label l, in id order.
func (b *BulkBuilder) eachNewNode(l uint32, fn func(id uint64, get func(uint32) (value.Value, bool)) error) error {
	first := uint64(b.base.nextNode)
	for i := range b.nodes.len() {
		if !b.nodes.hasLabel(i, l) {
			continue
		}
		if err := fn(first+uint64(i), func(k uint32) (value.Value, bool) { return b.nodes.prop(i, k) }); err != nil {
			return err
		}
	}
	return nil
}

// eachNewRel calls fn for each loaded relationship of type t, in id order.
func (b *BulkBuilder) eachNewRel(t uint32, fn func(id uint64, get func(uint32) (value.Value, bool)) error) error {
	first := b.base.nextRel
	for i, typ := range b.relTyp {
		if typ != t {
			continue
		}
		pr := b.relProps[uint64(i)]
		if err := fn(first+uint64(i), pr.get); err != nil {
			return err
		}
	}
	return nil
}

// compareExisting fails when a subject of c in the graph before the load
// has the values of a loaded one (seen: key -> loaded subject).
func (b *BulkBuilder) compareExisting(c *liveConstraint, seen map[string]uint64) error {
	base := b.base
	check := func(id uint64, get func(uint32) (value.Value, bool)) error {
		k, vals, ok := c.tuple(get)
		if !ok {
			return nil
		}
		if _, dup := seen[k]; dup {
			return c.duplicate(id, vals)
		}
		return nil
	}
	if c.def.Rel {
		for pi := range relPages(base.nextRel) {
			p := peekPage(&base.rels, pi)
			if p == nil {
				continue
			}
			for j := range uint32(relPageSize) {
				if p.alive[j>>6]&(1<<(j&63)) == 0 || p.typ[j] != c.label {
					continue
				}
				if err := check(pi*relPageSize+uint64(j), p.props[j].get); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return eachLabelledNode(base, c.label, func(n uint32, ps props) error {
		return check(uint64(n), ps.get)
	})
}
