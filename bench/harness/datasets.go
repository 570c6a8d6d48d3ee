package harness

import (
	"bufio"
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/cmd/cyq/importer"
)

// Dataset knows how to load one reference dataset into cyq, the way
// `cyq import` does (the importer package), plus the indexes the queries
// rely on.
type Dataset struct {
	Name string
	// Load fills db from the datasets directory data; work is a scratch
	// directory for derived files.
	Load func(ctx context.Context, db *cyq.DB, data, work string) (importer.Stats, error)
	// Indexes are run after the load (and timed with it).
	Indexes []string
}

// Registry lists the datasets query files may name.
var Registry = map[string]*Dataset{
	"slashdot": {Name: "slashdot", Load: func(ctx context.Context, db *cyq.DB, data, _ string) (importer.Stats, error) {
		// Self-loops are kept: every line of the file is one relationship.
		return bulk(ctx, db, &importer.Importer{Edges: []importer.EdgeSpec{{
			Path: filepath.Join(data, "snap-soc-slashdot0902", "soc-Slashdot0902.txt.gz"), Label: "User", Type: "LINKS"}}})
	}, Indexes: []string{"CREATE INDEX FOR (u:User) ON (u.id)"}},
	"facebook": {Name: "facebook", Load: func(ctx context.Context, db *cyq.DB, data, _ string) (importer.Stats, error) {
		// Each undirected edge becomes two relationships, one per direction.
		return bulk(ctx, db, &importer.Importer{Edges: []importer.EdgeSpec{{
			Path: filepath.Join(data, "snap-ego-facebook", "facebook_combined.txt"), Label: "User", Type: "LINKS", Undirected: true}}})
	}, Indexes: []string{"CREATE INDEX FOR (u:User) ON (u.id)"}},
	"wn18rr": {Name: "wn18rr", Load: func(ctx context.Context, db *cyq.DB, data, work string) (importer.Stats, error) {
		// The importer's triple loader names the text property "text" and
		// cuts the name at the first comma; the suite's schema is
		// {id, name, definition} split at the first ", ", so the entities
		// and triples go through admin-import CSV files instead.
		dir := filepath.Join(work, "csv-cyq", "wn18rr")
		nodes, rels, err := WN18RRAdminCSV(filepath.Join(data, "wn18rr"), dir)
		if err != nil {
			return importer.Stats{}, err
		}
		return bulk(ctx, db, &importer.Importer{
			Nodes: []importer.FileSpec{{Path: nodes, Labels: []string{"Entity"}}},
			Rels:  []importer.FileSpec{{Path: rels}},
		})
	}, Indexes: []string{"CREATE INDEX FOR (e:Entity) ON (e.id)"}},
	"ldbc": {Name: "ldbc", Load: func(ctx context.Context, db *cyq.DB, data, _ string) (importer.Stats, error) {
		return bulk(ctx, db, &importer.Importer{LDBC: filepath.Join(data, "ldbc-snb-interactive-mini", "initial_snapshot")})
	}, Indexes: []string{
		"CREATE INDEX FOR (n:Person) ON (n.id)",
		"CREATE INDEX FOR (n:Message) ON (n.id)",
		"CREATE INDEX FOR (n:Post) ON (n.id)",
		"CREATE INDEX FOR (n:Comment) ON (n.id)",
		"CREATE INDEX FOR (n:Forum) ON (n.id)",
		"CREATE INDEX FOR (n:Tag) ON (n.name)",
		"CREATE INDEX FOR (n:Country) ON (n.name)",
		"CREATE INDEX FOR (n:Person) ON (n.firstName)",
	}},
	"stackoverflow": {Name: "stackoverflow", Load: func(ctx context.Context, db *cyq.DB, data, _ string) (importer.Stats, error) {
		// Plain headers: each node file's first column is its id, each
		// relationship file's two columns name the id columns of its ends;
		// labels and types come from the file names.
		dir := filepath.Join(data, "stackoverflow-neo4j")
		im := &importer.Importer{Options: importer.Options{InferTypes: true}}
		for _, l := range []string{"Question", "Answer", "Comment", "Tag", "User"} {
			im.Nodes = append(im.Nodes, importer.FileSpec{Path: filepath.Join(dir, "stackoverflow.nodes."+l+".csv")})
		}
		for _, t := range []string{"ASKED", "PROVIDED", "ANSWERED", "COMMENTED", "COMMENTED_ON", "TAGGED"} {
			im.Rels = append(im.Rels, importer.FileSpec{Path: filepath.Join(dir, "stackoverflow.relationships."+t+".csv")})
		}
		return bulk(ctx, db, im)
	}, Indexes: []string{
		"CREATE INDEX FOR (n:Question) ON (n.question_id)",
		"CREATE INDEX FOR (n:Tag) ON (n.name)",
	}},
	"northwind": {Name: "northwind", Load: func(ctx context.Context, db *cyq.DB, data, _ string) (importer.Stats, error) {
		// The README's import command: nine tables as nodes, the order
		// lines and employee territories as relationships.
		dir := filepath.Join(data, "northwind")
		im := &importer.Importer{Options: importer.Options{Null: "NULL", InferTypes: true}}
		for _, f := range [][2]string{{"categories", "Category"}, {"customers", "Customer"}, {"employees", "Employee"},
			{"orders", "Order"}, {"products", "Product"}, {"regions", "Region"}, {"shippers", "Shipper"},
			{"suppliers", "Supplier"}, {"territories", "Territory"}} {
			im.Nodes = append(im.Nodes, importer.FileSpec{Path: filepath.Join(dir, f[0]+".csv"), Labels: []string{f[1]}})
		}
		im.Rels = []importer.FileSpec{{Path: filepath.Join(dir, "order-details.csv"), Type: "ORDERS"},
			{Path: filepath.Join(dir, "employee-territories.csv"), Type: "IN_TERRITORY"}}
		return bulk(ctx, db, im)
	}},
	"movies": {Name: "movies", Load: func(ctx context.Context, db *cyq.DB, data, _ string) (importer.Stats, error) {
		b, err := os.ReadFile(filepath.Join(data, "neo4j-movies", "movies.cypher"))
		if err != nil {
			return importer.Stats{}, err
		}
		// The script as given; its schema statements run too (continue on
		// error in case one is not supported).
		_, err = importer.RunCypher(ctx, db, string(b), "movies.cypher", true, os.Stderr)
		return importer.Stats{}, err
	}},
}

func bulk(ctx context.Context, db *cyq.DB, im *importer.Importer) (importer.Stats, error) {
	g, err := db.Store().Graph(db.GraphName())
	if err != nil {
		return importer.Stats{}, err
	}
	return im.Run(ctx, g)
}

// WN18RRAdminCSV writes WN18RR as admin-import CSV files under out:
// entities (id, name = text before the first ", ", definition = the rest)
// and relationships (train, dev and test triples, type = relation).
func WN18RRAdminCSV(src, out string) (nodes, rels string, err error) {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", "", err
	}
	nodes, rels = filepath.Join(out, "entities.csv"), filepath.Join(out, "relations.csv")
	err = writeCSV(nodes, []string{"id:ID(Entity)", "name", "definition"}, func(w func([]string) error) error {
		return eachLine(filepath.Join(src, "entity2text.txt"), func(s string) error {
			id, text, ok := strings.Cut(s, "\t")
			if !ok {
				return fmt.Errorf("entity2text.txt: no tab in %q", s)
			}
			name, def, _ := strings.Cut(text, ", ")
			return w([]string{id, name, def})
		})
	})
	if err != nil {
		return "", "", err
	}
	err = writeCSV(rels, []string{":START_ID(Entity)", ":END_ID(Entity)", ":TYPE"}, func(w func([]string) error) error {
		return eachTriple(src, func(h, r, t string) error { return w([]string{h, t, r}) })
	})
	return nodes, rels, err
}

func eachTriple(src string, fn func(h, r, t string) error) error {
	for _, part := range []string{"train.tsv", "dev.tsv", "test.tsv"} {
		err := eachLine(filepath.Join(src, part), func(s string) error {
			f := strings.Split(s, "\t")
			if len(f) != 3 {
				return fmt.Errorf("%s: expected 3 fields in %q", part, s)
			}
			return fn(f[0], f[1], f[2])
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func eachLine(path string, fn func(string) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		s := strings.TrimRight(sc.Text(), "\r")
		if s == "" {
			continue
		}
		if err := fn(s); err != nil {
			return err
		}
	}
	return sc.Err()
}

func writeCSV(path string, header []string, body func(w func([]string) error) error) error {
	return writeCSVDelim(path, ',', header, body)
}

func writeCSVDelim(path string, delim rune, header []string, body func(w func([]string) error) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	cw := csv.NewWriter(bw)
	cw.Comma = delim
	if header != nil {
		if err := cw.Write(header); err != nil {
			f.Close()
			return err
		}
	}
	if err := body(cw.Write); err != nil {
		f.Close()
		return err
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
