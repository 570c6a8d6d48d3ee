package dbopen

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cyqdb/cyq/cyqerr"
)

func TestNearest(t *testing.T) {
	names := []string{"default", "movies", "northwind"}
	for in, want := range map[string]string{"defualt": "default", "movie": "movies", "Northwind": "northwind", "zzz": "", "": ""} {
		if got := Nearest(in, names); got != want {
			t.Errorf("Nearest(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestOpenCreatesOnlyWhenAsked(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "a", "store")
	if _, err := Open(Spec{Dir: store}); cyqerr.As(err) == nil || cyqerr.As(err).Detail != "StoreNotFound" {
		t.Fatalf("missing store: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "a")); !os.IsNotExist(err) {
		t.Fatal("a refused open made a directory")
	}
	h, err := Open(Spec{Dir: store, Graph: "g", Create: true})
	if err != nil || !h.StoreCreated || !h.GraphCreated || h.DB.GraphName() != "g" {
		t.Fatalf("create: %+v %v", h, err)
	}
	if err := h.Discard(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "a")); !os.IsNotExist(err) {
		t.Fatal("Discard left the directories it made")
	}
	if st, _ := Inspect(dir); st != Empty {
		t.Errorf("Inspect(%s) = %d, want Empty", dir, st)
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o644)
	if _, err := Open(Spec{Dir: dir, Create: true}); cyqerr.As(err) == nil || cyqerr.As(err).Detail != "NotAStore" {
		t.Errorf("a directory of other files: %v", err)
	}
}
