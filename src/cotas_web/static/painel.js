// Depois de uma recusa, o painel volta com o que foi digitado no formulário recusado (guardado
// pela view: `nomeacoes.views.DIGITADO`): os valores de volta nos campos, o formulário aberto e
// à vista, o primeiro campo em foco. Antes, a página voltava ao topo com tudo vazio.
(function () {
  var dado = document.getElementById("digitado");
  if (!dado) { return; }
  var digitado = JSON.parse(dado.textContent);
  var form = digitado && document.getElementById(digitado.formulario);
  if (!form) { return; }
  Object.keys(digitado.valores || {}).forEach(function (nome) {
    var campo = form.elements[nome];
    if (campo && campo.type !== "hidden") { campo.value = digitado.valores[nome]; }
  });
  for (var el = form.parentElement; el; el = el.parentElement) {
    if (el.tagName === "DETAILS") { el.open = true; }
  }
  // Depois do "load": o Chromium, ao rolar até a âncora da volta (#f-...), tira o foco dado antes.
  window.addEventListener("load", function () {
    setTimeout(function () {
      form.scrollIntoView({ block: "center" });
      var primeiro = form.querySelector("input:not([type=hidden]), select, textarea");
      if (primeiro) { primeiro.focus({ preventScroll: true }); }
    }, 0);
  });
})();
