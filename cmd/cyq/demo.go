package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// demoQuery is an example query printed by --demo.
type demoQuery struct{ about, text string }

var demoQueries = []demoQuery{
	{"Which languages influenced Go, and who created them?",
		"MATCH (l:Language)-[:INFLUENCED]->(:Language {name: 'Go'}) OPTIONAL MATCH (p:Person)-[:CREATED]->(l) RETURN l.name AS language, l.year AS year, collect(p.name) AS creators ORDER BY year"},
	{"Concepts introduced by papers and the languages that support them",
		"MATCH (paper:Paper)-[:INTRODUCES]->(c:Concept)<-[:SUPPORTS]-(l:Language) RETURN c.name AS concept, paper.year AS year, count(l) AS languages ORDER BY languages DESC, concept LIMIT 5"},
	{"Two-hop lineage: languages whose ancestors' ancestors include Lisp",
		"MATCH (:Language {name: 'Lisp'})-[:INFLUENCED]->(a:Language)-[:INFLUENCED]->(b:Language) RETURN a.name AS via, b.name AS language, b.description AS description ORDER BY via, language"},
}

type demoStats struct{ nodes, rels int }

// demoRecords splits one of the demo tables into records.
func demoRecords(table string, fields int) ([][]string, error) {
	var out [][]string
	for i, line := range strings.Split(strings.TrimSpace(table), "\n") {
		f := strings.Split(line, "|")
		if len(f) != fields {
			return nil, fmt.Errorf("demo data line %d: %d fields, want %d: %q", i+1, len(f), fields, line)
		}
		out = append(out, f)
	}
	return out, nil
}

// loadDemo bulk-loads the demo knowledge graph into db's graph.
func loadDemo(ctx context.Context, db *cyq.DB) (demoStats, error) {
	var st demoStats
	g, err := db.Store().Graph(db.GraphName())
	if err != nil {
		return st, err
	}
	err = g.BulkLoad(ctx, storage.BulkSourceFunc(func(b *storage.BulkBuilder) error {
		ids := map[string]map[string]uint32{} // label → name → node
		node := func(label string, props map[string]value.Value, key string) error {
			ps := make(map[uint32]value.Value, len(props))
			for k, v := range props {
				ps[b.PropKeyID(k)] = v
			}
			id, err := b.AddNode([]uint32{b.LabelID(label)}, ps)
			if err != nil {
				return err
			}
			if ids[label] == nil {
				ids[label] = map[string]uint32{}
			}
			ids[label][key] = id
			st.nodes++
			return nil
		}
		num := func(s string) value.Value {
			n, _ := strconv.ParseInt(s, 10, 64)
			return value.Int(n)
		}
		str := func(s string) value.Value { return value.String(s) }
		type table struct {
			data   string
			fields int
			add    func(f []string) error
		}
		nodes := []table{
			{demoLanguages, 5, func(f []string) error {
				return node("Language", map[string]value.Value{"name": str(f[0]), "year": num(f[1]), "paradigm": str(f[2]), "typing": str(f[3]), "description": str(f[4])}, f[0])
			}},
			{demoPeople, 4, func(f []string) error {
				return node("Person", map[string]value.Value{"name": str(f[0]), "born": num(f[1]), "country": str(f[2]), "description": str(f[3])}, f[0])
			}},
			{demoOrgs, 4, func(f []string) error {
				return node("Organization", map[string]value.Value{"name": str(f[0]), "kind": str(f[1]), "founded": num(f[2]), "description": str(f[3])}, f[0])
			}},
			{demoConcepts, 2, func(f []string) error {
				return node("Concept", map[string]value.Value{"name": str(f[0]), "description": str(f[1])}, f[0])
			}},
			{demoPapers, 3, func(f []string) error {
				return node("Paper", map[string]value.Value{"title": str(f[0]), "year": num(f[1]), "description": str(f[2])}, f[0])
			}},
			{demoLibraries, 4, func(f []string) error {
				return node("Library", map[string]value.Value{"name": str(f[0]), "description": str(f[3])}, f[0])
			}},
		}
		for _, t := range nodes {
			recs, err := demoRecords(t.data, t.fields)
			if err != nil {
				return err
			}
			for _, r := range recs {
				if err := t.add(r); err != nil {
					return err
				}
			}
		}
		find := func(name string, labels ...string) (uint32, bool) {
			for _, l := range labels {
				if id, ok := ids[l][name]; ok {
					return id, true
				}
			}
			return 0, false
		}
		rel := func(data, typ string, from, to []string, lenient bool) error {
			recs, err := demoRecords(data, 2)
			if err != nil {
				return err
			}
			t := b.TypeID(typ)
			for _, r := range recs {
				a, ok1 := find(r[0], from...)
				z, ok2 := find(r[1], to...)
				if !ok1 || !ok2 {
					if lenient {
						continue
					}
					return fmt.Errorf("demo data: %s %q → %q: unknown end", typ, r[0], r[1])
				}
				if _, err := b.AddRel(a, z, t, nil); err != nil {
					return err
				}
				st.rels++
			}
			return nil
		}
		lang, person, org, concept, paper, lib := []string{"Language"}, []string{"Person"}, []string{"Organization"}, []string{"Concept"}, []string{"Paper"}, []string{"Library"}
		steps := []error{
			rel(demoInfluences, "INFLUENCED", lang, lang, true),
			rel(demoCreated, "CREATED", person, []string{"Language", "Library"}, false),
			rel(demoWorksAt, "WORKED_AT", person, org, false),
			rel(demoDeveloped, "DEVELOPED", org, lang, false),
			rel(demoSupports, "SUPPORTS", lang, concept, false),
			rel(demoRelated, "RELATED_TO", concept, concept, false),
			rel(demoAuthored, "AUTHORED", person, paper, false),
			rel(demoIntroduces, "INTRODUCES", paper, concept, false),
			rel(demoCites, "CITES", paper, paper, false),
		}
		for _, err := range steps {
			if err != nil {
				return err
			}
		}
		libs, err := demoRecords(demoLibraries, 4)
		if err != nil {
			return err
		}
		var written, implements strings.Builder
		for _, r := range libs {
			fmt.Fprintf(&written, "%s|%s\n", r[0], r[1])
			fmt.Fprintf(&implements, "%s|%s\n", r[0], r[2])
		}
		if err := rel(written.String(), "WRITTEN_IN", lib, lang, false); err != nil {
			return err
		}
		return rel(implements.String(), "IMPLEMENTS", lib, concept, false)
	}), nil)
	return st, err
}
