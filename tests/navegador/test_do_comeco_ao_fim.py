"""Do começo ao fim (issue 11): quem nunca viu o sistema cria um certame, importa com um erro,
corrige, homologa, verifica, nomeia, registra a desistência, oferta novas vagas e publica, só
pelas telas. Tudo no navegador, pelos rótulos que a pessoa lê; o axe-core confere as telas
principais na mesa (1366×768) e no celular (390×844). Capturas em artefatos/navegador/.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import CABECALHO, LINHAS, SENHA, cpf_valido

from .conftest import BRASIL, capturar, sem_rolagem_lateral
from .test_acessibilidade import TELAS, _relatorio, _verificar

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]

# Um segundo cargo, pequeno demais para a reserva (menos de 3 vagas), com uma autodeclarada.
ADM = (
    ("2001", "Gil Branco", "912345678", "ADM", "88.0", "branca", "nao"),
    ("2002", "Hana Parda", "112233445", "ADM", "77.0", "parda", "sim"),
)
MEMBROS = (
    ("Carlos Oliveira", "masculino", "preta"),
    ("Marta Souza", "feminino", "parda"),
    ("Paulo Lima", "masculino", "branca"),
)


def _csv(com_erros: bool) -> str:
    """O arquivo da banca; com erros, uma nota por extenso e uma reserva "talvez"."""
    linhas = [CABECALHO]
    for i, (insc, nome, cpf, cargo, nota, cor, reserva) in enumerate(LINHAS + ADM):
        if com_erros and i == 2:
            nota = "oitenta"
        if com_erros and i == 5:
            reserva = "talvez"
        linhas.append(
            f"{insc},{nome},{cpf_valido(cpf)},1990-01-01,{cargo},{nota},aprovado,"
            f"{cor},{reserva},nao,"
        )
    return "\n".join(linhas) + "\n"


class Jornada:
    """Uma aba na tela de mesa; as telas principais também no celular, com a mesma sessão."""

    def __init__(self, navegador: Any, base: str) -> None:
        self.navegador = navegador
        self.base = base
        self.contexto = navegador.new_context(**BRASIL, **TELAS["desktop"], bypass_csp=True)
        self.contexto.set_default_timeout(20_000)
        self.page = self.contexto.new_page()
        self.falhas: dict[str, list[dict[str, Any]]] = {}
        self.n = 0

    def ir(self, caminho: str) -> None:
        resposta = self.page.goto(self.base + caminho)
        assert resposta is not None and resposta.ok, (caminho, resposta)

    def entrar(self, login: str) -> None:
        self.ir("/entrar/")
        self.page.get_by_label("Usuário").fill(login)
        self.page.get_by_label("Senha").fill(SENHA)
        self.page.get_by_role("button", name="Entrar").click()
        self.page.wait_for_selector("text=Sair")

    def sair(self) -> None:
        self.page.get_by_role("button", name="Sair").click()
        self.page.wait_for_selector("text=Entrar")

    def passo(self, nome: str, celular: bool = False, conferir: Any = None) -> None:
        """Captura o passo e passa o axe; com `celular`, a mesma página no telefone (e
        `conferir(page)` nela)."""
        self.n += 1
        rotulo = f"jornada-{self.n:02d}-{nome}"
        violacoes = _verificar(self.page)
        if violacoes:
            self.falhas[f"{rotulo}-desktop"] = violacoes
        capturar(self.page, f"{rotulo}-desktop")
        if celular:
            self._no_celular(rotulo, conferir)

    def _no_celular(self, rotulo: str, conferir: Any) -> None:
        contexto = self.navegador.new_context(
            **BRASIL,
            **TELAS["celular"],
            bypass_csp=True,
            storage_state=self.contexto.storage_state(),
        )
        try:
            page = contexto.new_page()
            page.goto(self.page.url)
            sem_rolagem_lateral(page)
            if conferir:
                conferir(page)
            violacoes = _verificar(page)
            if violacoes:
                self.falhas[f"{rotulo}-celular"] = violacoes
            capturar(page, f"{rotulo}-celular")
        finally:
            contexto.close()

    def confirmar_nomeacoes(self, quantas: int, primeira_portaria: int, data: str) -> list[str]:
        """Confirma, uma a uma, as nomeações propostas (cada uma libera a seguinte), com as
        portarias da `data` (AAAA-MM-DD: o formulário não vem com data preenchida)."""
        nomeados = []
        for i in range(quantas):
            botao = self.page.locator("button", has_text="Confirmar nomeação de").first
            inscricao = botao.inner_text().split()[-1]
            self.page.locator(f"#portaria-{inscricao}").fill(f"{primeira_portaria + i}/2025")
            self.page.locator(f"#data-{inscricao}").fill(data)
            botao.click()
            self.page.get_by_role("button", name="Confirmar a nomeação").click()
            self.page.wait_for_selector(f"text=Nomeação da inscrição {inscricao} confirmada.")
            nomeados.append(inscricao)
        return nomeados


def test_do_comeco_ao_fim(
    navegador: Any, live_server: Any, rita: Any, carlos: Any, ana: Any, tmp_path: Path
) -> None:
    from cotas_web.contas.management.commands.carregar_exemplo import identificar_orgao_demo
    from cotas_web.contas.permissoes import designar

    identificar_orgao_demo("Montenegro/RS")  # o cabeçalho e o rodapé como na demonstração
    j = Jornada(navegador, live_server.url)
    pg = j.page
    try:
        # RH: o certame, a lei escolhida pela data do edital, os cargos.
        j.entrar("rita")
        pg.get_by_role("link", name="Novo certame").click()
        j.passo("novo-certame", celular=True)
        pg.get_by_label("Nome do certame").fill("Concurso Público 09/2025")
        pg.get_by_label("Município").select_option("Montenegro/RS")
        pg.get_by_label("Data de publicação do edital").fill("2025-06-10")
        pg.get_by_label("Validade até").fill("2027-06-10")
        pg.get_by_role("button", name="Criar certame").click()
        pg.wait_for_selector("text=Lei aplicada")
        pk = int(re.search(r"/certames/(\d+)/", pg.url).group(1))  # type: ignore[union-attr]
        for codigo, nome, vagas in (("PROF", "Professor", "4"), ("ADM", "Assistente", "2")):
            pg.get_by_text("Cadastrar cargo", exact=True).first.click()
            pg.get_by_label("Código do cargo").fill(codigo)
            pg.get_by_label("Nome do cargo").fill(nome)
            pg.get_by_label("Vagas do edital").fill(vagas)
            pg.get_by_role("button", name="Cadastrar cargo").click()
            pg.locator("tr", has_text=f"{codigo} — {nome}").wait_for()
        j.passo("cargos", celular=True, conferir=_memoria_legivel)

        # A importação: o modelo, um arquivo com erros (nada gravado), o corrigido.
        pg.get_by_role("link", name="Candidatos").first.click()
        pg.get_by_role("link", name=re.compile("Importar")).first.click()
        with pg.expect_download() as baixado:
            pg.get_by_role("link", name="modelo em CSV").click()
        modelo = tmp_path / "modelo.csv"
        baixado.value.save_as(modelo)
        assert "reserva_negros" in modelo.read_text(encoding="utf-8-sig")
        ruim, bom = tmp_path / "resultado.csv", tmp_path / "resultado-corrigido.csv"
        ruim.write_text(_csv(com_erros=True), encoding="utf-8")
        bom.write_text(_csv(com_erros=False), encoding="utf-8")
        campo = "Arquivo da banca (CSV, XLSX ou ODS)"
        pg.get_by_label(campo).set_input_files(str(ruim))
        pg.get_by_role("button", name="Ver prévia").click()
        erros = pg.locator("#erros-importacao").inner_text()
        assert 'linha 4, coluna "nota"' in erros and 'linha 7, coluna "reserva_negros"' in erros
        assert pg.get_by_role("button", name="Confirmar a importação").count() == 0
        j.passo("importar-com-erros")
        pg.get_by_label(campo).set_input_files(str(bom))
        pg.get_by_role("button", name="Ver prévia").click()
        pg.wait_for_selector("text=Prévia: 10 candidato(s)")
        j.passo("importar-previa")
        pg.get_by_role("button", name="Confirmar a importação").click()
        pg.wait_for_selector("text=Candidatos importados.")
        j.passo("importados", celular=True)

        # Antes da homologação, as vagas se corrigem (com o motivo, no histórico).
        j.ir(f"/certames/{pk}/")
        pg.get_by_role("link", name="Corrigir dados e vagas").click()
        pg.get_by_label("Cargo PROF: vagas do edital").fill("5")
        pg.get_by_label("Motivo da correção").fill("O edital prevê 5 vagas de Professor.")
        pg.get_by_role("button", name="Corrigir").click()
        pg.wait_for_selector("text=Dados corrigidos")
        assert "vagas do edital: 5" in pg.locator("tr", has_text="PROF — Professor").inner_text()
        j.passo("vagas-corrigidas")

        # A comissão: o RH a compõe; o membro com login conduz a sessão.
        pg.get_by_role("link", name="Comissão").first.click()
        for nome, genero, cor in MEMBROS:
            pg.get_by_label("Nome", exact=True).fill(nome)
            pg.get_by_label("Gênero").select_option(genero)
            pg.get_by_label("Cor/raça").select_option(cor)
            if nome == "Carlos Oliveira":
                acesso = pg.get_by_label("Acesso ao sistema (login do membro)")
                opcoes = acesso.locator("option").all_inner_texts()
                rotulo = next(t for t in opcoes if "carlos" in t)
                acesso.select_option(label=rotulo)
            pg.get_by_role("button", name="Incluir integrante").click()
            pg.locator("li", has_text=nome).first.wait_for()
        j.sair()
        j.entrar("carlos")
        j.ir(f"/certames/{pk}/comissao/")
        pg.get_by_text("Marcar sessão", exact=True).first.click()
        pg.get_by_label("Data da sessão").fill("2025-07-20")
        pg.get_by_label("Local").fill("Prefeitura, sala 3")
        pg.get_by_role("button", name="Marcar sessão").click()
        pg.get_by_role("button", name=re.compile("Convocar os 4")).click()
        for inscricao in ("1002", "1006", "1007", "2002"):
            pg.get_by_role("link", name=f"Registrar verificação de {inscricao}").click()
            pg.get_by_label("Compareceu").check()
            for membro, _, _ in MEMBROS:
                nega = inscricao == "1007" and membro != "Carlos Oliveira"
                pg.get_by_label(f"Voto de {membro}").select_option("nao" if nega else "sim")
            pg.get_by_role("button", name="Registrar verificação").click()
            pg.wait_for_selector(f"text=Verificação de {inscricao} registrada.")
        pg.get_by_label("Observações da ata").fill("Sessão sem intercorrências.")
        pg.get_by_role("button", name="Salvar observações").click()
        assert "Não confirmado" in pg.locator("tr", has_text="1007").inner_text()
        j.passo("sessao-da-comissao", celular=True)
        pg.get_by_role("link", name="Ata da sessão").click()
        pg.wait_for_selector("text=Sessão sem intercorrências.")
        j.passo("ata")
        j.sair()

        # RH: homologa (pergunta antes), publica (pergunta antes), oferta e nomeia.
        j.entrar("rita")
        j.ir(f"/certames/{pk}/")
        pg.get_by_label("Data", exact=True).fill("2025-08-01")
        pg.get_by_role("button", name="Homologar a classificação final").click()
        pg.wait_for_selector("text=Confirmar: homologar a classificação final")
        trilha = pg.locator("nav [aria-current=page]").inner_text()
        assert trilha == "Confirmar: homologar a classificação final", trilha
        j.passo("homologar-confirmar")
        pg.get_by_role("button", name="Homologar", exact=True).click()
        pg.wait_for_selector("text=Homologado em 01/08/2025")
        pg.get_by_role("link", name="Publicar", exact=True).click()
        pg.get_by_label("Data", exact=True).fill("2025-08-01")
        pg.get_by_role("button", name="Publicar", exact=True).click()
        pg.wait_for_selector("text=Confirmar: publicar o certame")
        pg.get_by_role("button", name="Publicar", exact=True).click()
        pg.wait_for_selector("text=Publicado em")
        j.passo("homologado-e-publicado")

        pg.get_by_role("link", name="Nomeações").first.click()
        pg.get_by_label("Data da oferta").fill("2025-08-02")
        pg.get_by_role("button", name="Ofertar as vagas do edital").click()
        pg.wait_for_selector("text=Confirmar: ofertar as vagas do edital")
        pg.get_by_role("button", name="Ofertar as vagas do edital").click()
        pg.wait_for_selector("text=Vagas do edital ofertadas")
        nomeados = j.confirmar_nomeacoes(7, primeira_portaria=101, data="2025-08-03")
        assert {"1006", "1002", "2001", "2002"} <= set(nomeados), nomeados
        j.passo("nomeados", celular=True)

        # A desistência de uma nomeada pela reserva: o próximo da mesma lista a substitui.
        desistencia = pg.get_by_role("button", name="Desistência de 1006")
        pg.locator("form", has=desistencia).locator("input[type=date]").fill("2025-08-10")
        desistencia.click()
        pg.get_by_role("button", name="Registrar", exact=True).click()
        pg.wait_for_selector("text=A substituição foi proposta")
        prof = pg.get_by_role("table", name="Próximas nomeações, na ordem da lei — PROF")
        # Sem outro negro confirmado pela comissão, a vaga reverte à ampla concorrência.
        assert "substitui 1006" in prof.inner_text() and "revertida" in prof.inner_text()
        substituto = j.confirmar_nomeacoes(1, primeira_portaria=201, data="2025-08-11")
        j.passo("desistencia-e-substituto")

        # Novas vagas durante a validade: a reserva recalculada, a próxima nomeação.
        pg.get_by_label("Cargo", exact=True).select_option(label="PROF — Professor")
        # (Depois da desistência e da substituição: uma data anterior reordenaria os atos já
        # publicados; ver o relatório da jornada.)
        novas = pg.locator("form", has=pg.get_by_role("button", name="Ofertar novas vagas"))
        novas.get_by_label("Data", exact=True).fill("2025-08-12")
        pg.get_by_label("Quantidade de novas vagas").fill("1")
        pg.get_by_label("Justificativa").fill("Lei municipal criou mais uma vaga de Professor.")
        pg.get_by_role("button", name="Ofertar novas vagas").click()
        pg.wait_for_selector("text=Confirmar: ofertar novas vagas")
        pg.get_by_role("button", name="Ofertar as vagas").click()
        j.confirmar_nomeacoes(1, primeira_portaria=301, data="2025-08-13")
        j.passo("novas-vagas", celular=True)
        j.sair()

        # Auditoria: o histórico, com o estado da cadeia de registros.
        j.entrar("ana")
        # (A designação pela tela de quem administra o sistema tem a sua jornada em
        # test_usuarios.py; aqui, direto.)
        designar(usuario=ana, certame=_certame(pk))
        j.ir(f"/certames/{pk}/historico/")
        historico = pg.locator("main").inner_text()
        assert "Classificação final homologada" in historico and "desistiu" in historico
        j.passo("historico", celular=True)
        j.sair()

        # O público: a consulta da inscrição, as listas, a ordem de nomeação com o gráfico.
        j.ir(f"/publico/certames/{pk}/consulta/?inscricao={substituto[0]}")
        pg.wait_for_selector(f"text={substituto[0]}")
        j.passo("consulta-publica", celular=True)
        j.ir(f"/publico/certames/{pk}/documentos/listas/")
        j.passo("listas", celular=True)
        j.ir(f"/publico/certames/{pk}/documentos/ordem-de-nomeacao/")
        assert pg.locator("svg.grafico-ordem").count() >= 1
        substituicao = pg.locator("tr", has_text="1006 (nomeação 3)").first.inner_text()
        assert substituto[0] in substituicao, substituicao
        j.passo("ordem-de-nomeacao", celular=True)
    finally:
        capturar(pg, "jornada-fim")
        j.contexto.close()
    assert not j.falhas, "Violações sérias ou críticas (axe-core):" + _relatorio(j.falhas)


def _certame(pk: int) -> Any:
    from cotas_web.certames.models import Certame

    return Certame.objects.get(pk=pk)


def _memoria_legivel(page: Any) -> None:
    """No celular, a memória de cálculo não se espreme numa coluna de uma letra por linha: a
    tabela rola de lado."""
    largura = page.locator("p.memoria").first.evaluate("(e) => e.getBoundingClientRect().width")
    assert largura >= 200, f"memória de cálculo com {largura}px de largura no celular"
