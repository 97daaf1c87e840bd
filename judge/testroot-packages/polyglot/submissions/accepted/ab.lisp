; a + b: Common Lisp's integers have no bound.
(let ((a (read)) (b (read)))
  (format t "~a~%" (+ a b)))
