CREATE (:Tiny {name: 't'});
