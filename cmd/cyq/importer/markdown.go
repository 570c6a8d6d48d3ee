package importer

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/value/temporal"
)

// note is one parsed Markdown file.
type note struct {
	path     string // relative to the folder, with '/'
	title    string
	typ      string
	status   string
	tags     []string
	words    int
	modified time.Time
	content  string
	hash     string
	rawLinks []string // link targets as written (resolved later)
	links    []string // resolved document paths
}

var (
	wikiLinkRE = regexp.MustCompile(`\[\[([^\]\|#]*)(#[^\]\|]*)?(\|[^\]]*)?\]\]`)
	mdLinkRE   = regexp.MustCompile(`\[[^\]]*\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)`)
	tagRE      = regexp.MustCompile(`(?:^|[\s(,])#([\p{L}_][\p{L}\p{N}_/-]*)`)
	headingRE  = regexp.MustCompile(`(?m)^#\s+(.+?)\s*#*\s*$`)
	fenceRE    = regexp.MustCompile("(?ms)^(```|~~~).*?^(```|~~~)[^\n]*$")
	inlineRE   = regexp.MustCompile("`[^`\n]*`")
)

// parseNote reads one Markdown file.
func parseNote(root, rel string) (*note, error) {
	full := filepath.Join(root, filepath.FromSlash(rel))
	b, err := os.ReadFile(full)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(full)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(b)
	n := &note{path: rel, modified: st.ModTime().UTC(), hash: hex.EncodeToString(sum[:8])}
	body := string(bytes.TrimPrefix(b, []byte("\ufeff")))
	body = strings.ReplaceAll(body, "\r\n", "\n")
	if strings.HasPrefix(body, "---\n") {
		end := strings.Index(body[4:], "\n---")
		if end >= 0 {
			front := body[4 : 4+end]
			rest := body[4+end+4:]
			if i := strings.IndexByte(rest, '\n'); i >= 0 {
				rest = rest[i+1:]
			} else {
				rest = ""
			}
			var fm map[string]any
			if err := yaml.Unmarshal([]byte(front), &fm); err != nil {
				return nil, &InputError{File: full, Line: 2, Msg: "YAML front matter: " + err.Error()}
			}
			n.title = fmString(fm["title"])
			n.typ = fmString(fm["type"])
			n.status = fmString(fm["status"])
			n.tags = append(n.tags, fmList(fm["tags"])...)
			body = rest
		}
	}
	n.content = body
	prose := fenceRE.ReplaceAllString(body, "")
	prose = inlineRE.ReplaceAllString(prose, "")
	n.words = len(strings.Fields(prose))
	if n.title == "" {
		if m := headingRE.FindStringSubmatch(prose); m != nil {
			n.title = m[1]
		} else {
			n.title = strings.TrimSuffix(path.Base(rel), path.Ext(rel))
		}
	}
	for _, m := range tagRE.FindAllStringSubmatch(prose, -1) {
		n.tags = append(n.tags, m[1])
	}
	for i, t := range n.tags {
		n.tags[i] = strings.TrimPrefix(strings.TrimSpace(t), "#")
	}
	n.tags = slices.DeleteFunc(n.tags, func(s string) bool { return s == "" })
	slices.Sort(n.tags)
	n.tags = slices.Compact(n.tags)
	for _, m := range wikiLinkRE.FindAllStringSubmatch(prose, -1) {
		if t := strings.TrimSpace(m[1]); t != "" {
			n.rawLinks = append(n.rawLinks, "wiki:"+t)
		}
	}
	for _, m := range mdLinkRE.FindAllStringSubmatch(prose, -1) {
		t := m[1]
		if strings.Contains(t, "://") || strings.HasPrefix(t, "mailto:") || strings.HasPrefix(t, "#") {
			continue
		}
		t, _, _ = strings.Cut(t, "#")
		if u, err := url.PathUnescape(t); err == nil {
			t = u
		}
		n.rawLinks = append(n.rawLinks, "rel:"+t)
	}
	return n, nil
}

func fmString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	}
	return fmt.Sprint(v)
}

func fmList(v any) []string {
	switch x := v.(type) {
	case nil:
		return nil
	case string:
		var out []string
		for _, p := range strings.FieldsFunc(x, func(r rune) bool { return r == ',' || r == ' ' }) {
			out = append(out, p)
		}
		return out
	case []any:
		var out []string
		for _, e := range x {
			if s := fmString(e); s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	return []string{fmString(v)}
}

// readNotes parses every .md file under root and resolves links between
// them: wiki links by file name (or path) without extension, ignoring
// case; relative links by path.
func readNotes(root string) ([]*note, error) {
	var notes []*note
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.EqualFold(filepath.Ext(p), ".md") {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		n, err := parseNote(root, filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		notes = append(notes, n)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(notes, func(i, j int) bool { return notes[i].path < notes[j].path })
	byPath := map[string]string{}
	byName := map[string]string{}
	for _, n := range notes {
		noExt := strings.TrimSuffix(n.path, path.Ext(n.path))
		byPath[strings.ToLower(n.path)] = n.path
		byPath[strings.ToLower(noExt)] = n.path
		if _, ok := byName[strings.ToLower(path.Base(noExt))]; !ok {
			byName[strings.ToLower(path.Base(noExt))] = n.path
		}
	}
	for _, n := range notes {
		seen := map[string]bool{}
		for _, raw := range n.rawLinks {
			kind, t, _ := strings.Cut(raw, ":")
			var target string
			if kind == "wiki" {
				t = strings.TrimSuffix(t, ".md")
				target = byPath[strings.ToLower(t)]
				if target == "" {
					target = byName[strings.ToLower(path.Base(t))]
				}
			} else {
				p := path.Clean(path.Join(path.Dir(n.path), t))
				target = byPath[strings.ToLower(p)]
			}
			if target != "" && target != n.path && !seen[target] {
				seen[target] = true
				n.links = append(n.links, target)
			}
		}
	}
	return notes, nil
}

// noteProps are a document's properties.
func noteProps(n *note) map[string]value.Value {
	m := map[string]value.Value{
		"path":    value.String(n.path),
		"title":   value.String(n.title),
		"words":   value.Int(n.words),
		"content": value.String(n.content),
		"hash":    value.String(n.hash),
	}
	if dt, err := temporal.FromEpochMillis(n.modified.UnixMilli()); err == nil {
		m["modified"] = dt
	}
	if n.typ != "" {
		m["type"] = value.String(n.typ)
	}
	if n.status != "" {
		m["status"] = value.String(n.status)
	}
	if len(n.tags) > 0 {
		l := make(value.List, len(n.tags))
		for i, t := range n.tags {
			l[i] = value.String(t)
		}
		m["tags"] = l
	}
	return m
}

// MarkdownStats summarise a Markdown import.
type MarkdownStats struct {
	Added, Updated, Removed, Unchanged int           // documents, by what happened to them
	Links, Tags                        int           // LINKS_TO relationships and Tag nodes after the import
	Elapsed                            time.Duration // reading and writing
}

// String summarises the import for people.
func (s MarkdownStats) String() string {
	return fmt.Sprintf("%d documents added, %d updated, %d removed, %d unchanged; %d links, %d tags in %s",
		s.Added, s.Updated, s.Removed, s.Unchanged, s.Links, s.Tags, s.Elapsed.Round(time.Millisecond))
}

// ImportMarkdown loads a folder of Markdown notes: a :Document per file,
// :LINKS_TO between documents, and :Tag nodes with :TAGGED. The first load
// (no documents yet and not incremental) is a bulk load; with incremental
// the graph is brought in line with the folder in one transaction: new
// files are added, changed ones (by content hash) updated, vanished ones
// removed, and links and tags adjusted.
func ImportMarkdown(ctx context.Context, g *storage.Graph, dir string, incremental bool) (MarkdownStats, error) {
	start := time.Now()
	notes, err := readNotes(dir)
	if err != nil {
		return MarkdownStats{}, err
	}
	var st MarkdownStats
	if !incremental {
		snap := g.Snapshot()
		l, ok := snap.LabelID("Document")
		has := ok && !snap.NodesWithLabel(l).IsEmpty()
		snap.Close()
		if has {
			return st, fmt.Errorf("graph %q already has :Document nodes; use --incremental to update them from %s", g.Name(), dir)
		}
		st, err = bulkMarkdown(ctx, g, notes)
	} else {
		st, err = syncMarkdown(ctx, g, notes)
	}
	st.Elapsed = time.Since(start)
	return st, err
}

func bulkMarkdown(ctx context.Context, g *storage.Graph, notes []*note) (MarkdownStats, error) {
	var st MarkdownStats
	err := g.BulkLoad(ctx, storage.BulkSourceFunc(func(b *storage.BulkBuilder) error {
		docL, tagL := []uint32{b.LabelID("Document")}, []uint32{b.LabelID("Tag")}
		links, tagged := b.TypeID("LINKS_TO"), b.TypeID("TAGGED")
		nameK := b.PropKeyID("name")
		ids := map[string]uint32{}
		tags := map[string]uint32{}
		for _, n := range notes {
			ps := map[uint32]value.Value{}
			for k, v := range noteProps(n) {
				ps[b.PropKeyID(k)] = v
			}
			id, err := b.AddNode(docL, ps)
			if err != nil {
				return err
			}
			ids[n.path] = id
			st.Added++
		}
		for _, n := range notes {
			for _, t := range n.links {
				if _, err := b.AddRel(ids[n.path], ids[t], links, nil); err != nil {
					return err
				}
				st.Links++
			}
			for _, t := range n.tags {
				tid, ok := tags[t]
				if !ok {
					var err error
					if tid, err = b.AddNode(tagL, map[uint32]value.Value{nameK: value.String(t)}); err != nil {
						return err
					}
					tags[t] = tid
				}
				if _, err := b.AddRel(ids[n.path], tid, tagged, nil); err != nil {
					return err
				}
			}
		}
		st.Tags = len(tags)
		return nil
	}), nil)
	return st, err
}

func syncMarkdown(ctx context.Context, g *storage.Graph, notes []*note) (MarkdownStats, error) {
	var st MarkdownStats
	tx, err := g.Begin(ctx)
	if err != nil {
		return st, err
	}
	defer tx.Rollback()
	docL, err := tx.LabelIDOrCreate("Document")
	if err != nil {
		return st, err
	}
	tagL, err := tx.LabelIDOrCreate("Tag")
	if err != nil {
		return st, err
	}
	linksT, err := tx.TypeIDOrCreate("LINKS_TO")
	if err != nil {
		return st, err
	}
	taggedT, err := tx.TypeIDOrCreate("TAGGED")
	if err != nil {
		return st, err
	}
	key := func(name string) uint32 {
		k, e := tx.PropKeyIDOrCreate(name)
		if e != nil && err == nil {
			err = e
		}
		return k
	}
	pathK, hashK, nameK := key("path"), key("hash"), key("name")
	allKeys := []string{"path", "title", "words", "content", "hash", "modified", "type", "status", "tags"}
	for _, k := range allKeys {
		key(k)
	}
	if err != nil {
		return st, err
	}
	existing := map[string]uint32{}
	for _, id := range tx.NodesWithLabel(docL).ToArray() {
		if v, ok := tx.NodeProp(id, pathK); ok {
			if s, ok := v.(value.String); ok {
				existing[string(s)] = id
			}
		}
	}
	tags := map[string]uint32{}
	for _, id := range tx.NodesWithLabel(tagL).ToArray() {
		if v, ok := tx.NodeProp(id, nameK); ok {
			if s, ok := v.(value.String); ok {
				tags[string(s)] = id
			}
		}
	}
	ids := map[string]uint32{}
	for _, n := range notes {
		ps := map[uint32]value.Value{}
		for k, v := range noteProps(n) {
			ps[key(k)] = v
		}
		id, ok := existing[n.path]
		switch {
		case !ok:
			if id, err = tx.CreateNode([]uint32{docL}, ps); err != nil {
				return st, err
			}
			st.Added++
		default:
			old, _ := tx.NodeProp(id, hashK)
			if s, _ := old.(value.String); string(s) == n.hash {
				st.Unchanged++
				break
			}
			for _, k := range allKeys {
				kid := key(k)
				if v, ok := ps[kid]; ok {
					err = tx.SetNodeProp(id, kid, v)
				} else if _, had := tx.NodeProp(id, kid); had {
					err = tx.RemoveNodeProp(id, kid)
				}
				if err != nil {
					return st, err
				}
			}
			st.Updated++
		}
		ids[n.path] = id
		delete(existing, n.path)
	}
	for _, id := range existing {
		if err := tx.DeleteNode(id, true); err != nil {
			return st, err
		}
		st.Removed++
	}
	// Bring each document's outgoing links and tags in line.
	for _, n := range notes {
		id := ids[n.path]
		want := map[uint32]bool{}
		for _, t := range n.links {
			want[ids[t]] = true
		}
		st.Links += len(want)
		if err := syncRels(tx, id, linksT, want); err != nil {
			return st, err
		}
		want = map[uint32]bool{}
		for _, t := range n.tags {
			tid, ok := tags[t]
			if !ok {
				if tid, err = tx.CreateNode([]uint32{tagL}, map[uint32]value.Value{nameK: value.String(t)}); err != nil {
					return st, err
				}
				tags[t] = tid
			}
			want[tid] = true
		}
		if err := syncRels(tx, id, taggedT, want); err != nil {
			return st, err
		}
	}
	for name, tid := range tags {
		if tx.Degree(tid, storage.In, taggedT) == 0 {
			if err := tx.DeleteNode(tid, true); err != nil {
				return st, err
			}
			delete(tags, name)
		}
	}
	st.Tags = len(tags)
	return st, tx.Commit()
}

// syncRels makes node's outgoing relationships of typ go to exactly want.
func syncRels(tx *storage.Tx, node, typ uint32, want map[uint32]bool) error {
	type rel struct {
		id  uint64
		nbr uint32
	}
	var have []rel
	tx.Expand(node, storage.Out, typ, func(r uint64, nbr, _ uint32) bool {
		have = append(have, rel{r, nbr})
		return true
	})
	seen := map[uint32]bool{}
	for _, r := range have {
		if !want[r.nbr] || seen[r.nbr] {
			if err := tx.DeleteRel(r.id); err != nil {
				return err
			}
			continue
		}
		seen[r.nbr] = true
	}
	for nbr := range want {
		if !seen[nbr] {
			if _, err := tx.CreateRel(node, nbr, typ, nil); err != nil {
				return err
			}
		}
	}
	return nil
}
