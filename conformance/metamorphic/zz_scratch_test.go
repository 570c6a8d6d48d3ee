package metamorphic

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"testing"

	"github.com/cyqdb/cyq"
)

func TestZZScratch(t *testing.T) {
	ds := map[string]func() *dataset{
		"neo4j-movies": func() *dataset {
			return &dataset{name: "neo4j-movies", schema: Movies, params: moviesParams, db: loadRegistered(t, "movies", "", &cyq.Options{})}
		},
		"ldbc-mini": func() *dataset { return ldbc(t, "", &cyq.Options{}) },
	}[os.Getenv("ZZDS")]()
	only := regexp.MustCompile(os.Getenv("ZZQ"))
	for _, q := range Questions() {
		if q.Schema != ds.schema || !only.MatchString(q.Name) {
			continue
		}
		for _, f := range Generate(q.Query, 0, q.Seed()) {
			text, args, err := BindForm(f, ds.params)
			if err != nil {
				t.Fatal(err)
			}
			rs, err := ds.db.Query(context.Background(), "PROFILE "+text, args)
			if err != nil {
				fmt.Println("ERR", err)
				continue
			}
			n := 0
			for rs.Next() {
				n++
			}
			fmt.Printf("==== %s\n%s\n%s\n", q.Name, text, rs.Profile())
		}
	}
}
