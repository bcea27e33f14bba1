// Tarefas em segundo plano e botões que começam trabalho (sem scripts embutidos: a página tem
// Content-Security-Policy sem unsafe-inline).
//  - [data-tarefa="<url do estado>"]: consulta o estado a cada segundo, atualiza a <progress>,
//    o percentual e a mensagem, e ao fim mostra o link do resultado.
//  - form com um botão [data-trabalho]: ao enviar, o botão fica desabilitado (aria-busy) e o
//    texto troca pelo de data-trabalho, para ninguém enviar o mesmo pedido duas vezes.
(function () {
  "use strict";

  function acompanhar(caixa) {
    var url = caixa.getAttribute("data-tarefa");
    var barra = caixa.querySelector("[data-tarefa-barra]");
    var percentual = caixa.querySelector("[data-tarefa-percentual]");
    var rotulo = caixa.querySelector("[data-tarefa-rotulo]");
    var mensagem = caixa.querySelector("[data-tarefa-mensagem]");
    var resultado = caixa.querySelector("[data-tarefa-resultado]");
    var link = caixa.querySelector("[data-tarefa-link]");

    function mostrar(e) {
      if (barra) { barra.value = e.percentual; barra.textContent = e.percentual + "%"; }
      if (percentual) { percentual.textContent = e.percentual + "%"; }
      if (rotulo) { rotulo.textContent = e.rotulo; }
      if (mensagem) { mensagem.textContent = e.mensagem; }
      if (e.estado === "concluida" && resultado && link) {
        // O endereço fixo da página (o mesmo download pedido) vale mais que o da tarefa.
        if (e.url && !link.hasAttribute("data-tarefa-url-fixa")) { link.setAttribute("href", e.url); }
        if (link.getAttribute("href")) { resultado.hidden = false; }
      }
      caixa.setAttribute("data-tarefa-estado", e.estado);
    }

    function consultar() {
      fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (e) {
          if (!e) { return; }
          mostrar(e);
          if (!e.terminou) { window.setTimeout(consultar, 1000); }
        })
        .catch(function () { window.setTimeout(consultar, 3000); });
    }
    consultar();
  }

  // Um só ouvinte no documento: vale também para formulários que entrarem depois.
  document.addEventListener("submit", function (evento) {
    var form = evento.target;
    if (!(form instanceof HTMLFormElement)) { return; }
    form.querySelectorAll("[data-trabalho]").forEach(function (botao) {
      // Desabilitado depois do envio começar (um botão desabilitado antes não iria no POST).
      window.setTimeout(function () {
        botao.disabled = true;
        botao.setAttribute("aria-busy", "true");
        var texto = botao.getAttribute("data-trabalho");
        if (texto) { botao.textContent = texto; }
      }, 0);
    });
  });

  function iniciar() {
    document.querySelectorAll("[data-tarefa]").forEach(acompanhar);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", iniciar);
  } else {
    iniciar();
  }
})();
