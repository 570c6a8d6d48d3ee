package importer

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestMarkdownImportAndIncremental(t *testing.T) {
	notes := t.TempDir()
	writeFile(t, notes, "index.md", `---
title: Home
type: hub
status: active
tags: [start, graphs]
---
# Ignored heading

Welcome. See [[Graph Theory]] and [[sub/cypher|the query language]] and [missing](nope.md).
Also [relative](sub/cypher.md#syntax) again, and #inline-tag here.

`+"```"+`
#not-a-tag [[not a link]]
`+"```"+`
`)
	writeFile(t, notes, "Graph Theory.md", "# Graph theory\n\nNodes and edges. Back to [home](index.md). #graphs\n")
	writeFile(t, notes, "sub/cypher.md", "---\ntags: cypher, graphs\n---\nCypher is a query language. [[index]]\n")
	writeFile(t, notes, ".obsidian/skip.md", "hidden\n")

	db := openDB(t)
	g, _ := db.Store().Graph("default")
	st, err := ImportMarkdown(context.Background(), g, notes, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(st)
	got := query(t, db, "MATCH (d:Document) RETURN d.path, d.title, d.type, d.status, d.tags, d.words > 0 ORDER BY d.path")
	want := `['Graph Theory.md', 'Graph theory', null, null, ['graphs'], true]
['index.md', 'Home', 'hub', 'active', ['graphs', 'inline-tag', 'start'], true]
['sub/cypher.md', 'cypher', null, null, ['cypher', 'graphs'], true]
`
	if got != want {
		t.Errorf("documents:\n%s\nwant:\n%s", got, want)
	}
	links := "MATCH (a:Document)-[:LINKS_TO]->(b:Document) RETURN a.path, b.path ORDER BY a.path, b.path"
	want = `['Graph Theory.md', 'index.md']
['index.md', 'Graph Theory.md']
['index.md', 'sub/cypher.md']
['sub/cypher.md', 'index.md']
`
	if got := query(t, db, links); got != want {
		t.Errorf("links:\n%s\nwant:\n%s", got, want)
	}
	tags := "MATCH (t:Tag)<-[:TAGGED]-(d) RETURN t.name, count(d) ORDER BY t.name"
	want = "['cypher', 1]\n['graphs', 3]\n['inline-tag', 1]\n['start', 1]\n"
	if got := query(t, db, tags); got != want {
		t.Errorf("tags:\n%s\nwant:\n%s", got, want)
	}

	// A second full import would duplicate the documents: refused.
	if _, err := ImportMarkdown(context.Background(), g, notes, false); err == nil || !strings.Contains(err.Error(), "--incremental") {
		t.Errorf("second full import: %v", err)
	}

	// Change one file, remove one, add one; rerun incrementally.
	os.Remove(filepath.Join(notes, "Graph Theory.md"))
	writeFile(t, notes, "sub/cypher.md", "Cypher, now untagged. Links to [[new note]].\n")
	writeFile(t, notes, "new note.md", "# New\nPoints [home](index.md). #fresh\n")
	future := time.Now().Add(time.Minute)
	os.Chtimes(filepath.Join(notes, "sub/cypher.md"), future, future)
	st, err = ImportMarkdown(context.Background(), g, notes, true)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(st)
	if st.Added != 1 || st.Updated != 1 || st.Removed != 1 || st.Unchanged != 1 {
		t.Errorf("stats %+v", st)
	}
	want = `['index.md', 'sub/cypher.md']
['new note.md', 'index.md']
['sub/cypher.md', 'new note.md']
`
	if got := query(t, db, links); got != want {
		t.Errorf("links after update:\n%s\nwant:\n%s", got, want)
	}
	want = "['fresh', 1]\n['graphs', 1]\n['inline-tag', 1]\n['start', 1]\n"
	if got := query(t, db, tags); got != want {
		t.Errorf("tags after update:\n%s\nwant:\n%s", got, want)
	}
	if n := count(t, db, "MATCH (t:Tag {name: 'cypher'}) RETURN count(t)"); n != 0 {
		t.Error("orphan tag kept")
	}
	// A second incremental run changes nothing.
	st, err = ImportMarkdown(context.Background(), g, notes, true)
	if err != nil || st.Unchanged != 3 || st.Added+st.Updated+st.Removed != 0 {
		t.Errorf("rerun: %+v %v", st, err)
	}
	// Bad front matter is reported with the file.
	writeFile(t, notes, "bad.md", "---\ntags: [unclosed\n---\ntext\n")
	_, err = ImportMarkdown(context.Background(), g, notes, true)
	if err == nil || !strings.Contains(err.Error(), "bad.md:2: YAML front matter") {
		t.Errorf("got %v", err)
	}
	if n := count(t, db, "MATCH (d:Document) RETURN count(d)"); n != 3 {
		t.Errorf("documents after failed run: %d", n)
	}
}
