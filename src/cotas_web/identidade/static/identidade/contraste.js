/* Alto contraste: a classe "alto-contraste" na raiz da página, lembrada no navegador
   (localStorage). Roda no <head> para a página já abrir no modo escolhido, sem piscar. */
(function () {
  "use strict";
  var CHAVE = "cotas.alto-contraste";
  var raiz = document.documentElement;

  function lembrado() {
    try { return window.localStorage.getItem(CHAVE) === "1"; } catch (e) { return false; }
  }

  function aplicar(ligado) {
    raiz.classList.toggle("alto-contraste", ligado);
    var botao = document.getElementById("alternar-contraste");
    if (botao) { botao.setAttribute("aria-pressed", ligado ? "true" : "false"); }
  }

  aplicar(lembrado());
  document.addEventListener("DOMContentLoaded", function () {
    var botao = document.getElementById("alternar-contraste");
    if (!botao) { return; }
    botao.hidden = false;  // sem JavaScript o botão não faria nada: só aparece com ele
    aplicar(raiz.classList.contains("alto-contraste"));
    botao.addEventListener("click", function () {
      var ligado = !raiz.classList.contains("alto-contraste");
      aplicar(ligado);
      try { window.localStorage.setItem(CHAVE, ligado ? "1" : "0"); } catch (e) { /* modo privado */ }
    });
  });
}());
