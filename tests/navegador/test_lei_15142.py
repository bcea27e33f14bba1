"""Um concurso federal sob a Lei 15.142/2025 do começo ao fim, só pelas telas: o RH escolhe a lei
pela esfera federal e pela data do edital e informa, cada um com a justificativa, os valores que
a lei deixa ao regulamento (os percentuais de cada grupo, a migração das vagas, a verificação
documental, a comissão); importa as colunas dos três grupos; registra a verificação documental
de uma pessoa indígena; homologa e nomeia. A vaga quilombola sem candidato migra (a tela diz a
quem era reservada), e o anexo do edital diz por extenso quantas vagas cada grupo tem.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import cpf_valido

from .conftest import capturar
from .test_acessibilidade import _relatorio
from .test_do_comeco_ao_fim import Jornada

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]

# Os valores que a lei deixa em aberto e nenhuma fonte oficial fixa, como o operador os escolhe
# na tela: um número, uma opção (pelo rótulo, por extenso) ou, nas de várias escolhas, as caixas
# marcadas. (A divisão dos 30%, o maior percentual e a verificação de indígenas vêm dos dados da
# lei, pelo regulamento: a tela não os pede.)
FIXADOS = (
    "pretos_pardos.percentual",
    "indigenas.percentual",
    "quilombolas.percentual",
    "indigenas.verificacao",
    "grupos.candidato_em_varios",
)
LACUNAS: dict[str, str | list[str]] = {
    "pretos_pardos.reversao": "ampla concorrência",
    "indigenas.reversao": "pessoas quilombolas → pessoas pretas e pardas → ampla concorrência",
    "quilombolas.reversao": "pessoas indígenas → pessoas pretas e pardas → ampla concorrência",
    "quilombolas.verificacao": "análise de documentos",
    "heteroidentificacao.membros": "3",
    "heteroidentificacao.decisao": "maioria",
    "heteroidentificacao.decisao_base": "todos os integrantes",
    "heteroidentificacao.momento": "os aprovados autodeclarados, antes da homologação",
    "heteroidentificacao.posse_apos_parecer": "Sim",
    "heteroidentificacao.recursos": "Sim",
    "heteroidentificacao.recorrentes": ["candidato"],
    "heteroidentificacao.registro_audiovisual": "Não",
}
GRUPOS = ("pretos_pardos", "indigenas", "quilombolas")
CABECALHO = "inscricao,nome,cpf,data_nascimento,cargo,nota,situacao,cor_raca,pcd," + ",".join(
    f"reserva_{g},confirmacao_{g}" for g in GRUPOS
)


def _linha(insc: int, nota: int, cor: str, grupos: dict[str, str]) -> str:
    colunas = []
    for g in GRUPOS:
        colunas += ["sim" if g in grupos else "nao", grupos.get(g, "")]
    cpf = cpf_valido(f"{insc * 7919 % 10**9:09d}")
    return f"{insc},Pessoa {insc},{cpf},1990-01-01,ADM,{nota},aprovado,{cor},nao," + ",".join(
        colunas
    )


def _csv() -> str:
    """25 da ampla, 7 pessoas pardas confirmadas no arquivo, 1 indígena sem verificação (a
    documental vem depois, pelo RH) e nenhuma quilombola."""
    linhas = [_linha(2000 + i, 100 - i, "branca", {}) for i in range(1, 26)]
    linhas += [
        _linha(3000 + i, 61 - i, "parda", {"pretos_pardos": "confirmado"}) for i in range(1, 8)
    ]
    linhas.append(_linha(4001, 50, "indigena", {"indigenas": ""}))
    return "\n".join([CABECALHO, *linhas]) + "\n"


def test_concurso_federal_da_lei_15142_pelas_telas(
    navegador: Any, live_server: Any, rita: Any, tmp_path: Path
) -> None:
    j = Jornada(navegador, live_server.url)
    pg = j.page
    try:
        j.entrar("rita")
        pg.get_by_role("link", name="Novo certame").click()
        pg.get_by_label("Nome do certame").fill("Concurso federal 01/2025")
        pg.get_by_label("Município").select_option("União")
        pg.get_by_label("Órgão ou entidade que faz a seleção").select_option(label="Autarquia")
        pg.get_by_label("Data de publicação do edital").fill("2025-09-01")
        pg.get_by_label("Validade até").fill("2027-09-01")
        pg.get_by_role("button", name="Criar certame").click()
        # A lei deixa valores ao regulamento: o motor diz quais faltam, a tela os pede.
        pg.wait_for_selector("text=informe-os (com a justificativa)")
        for nome in FIXADOS:
            assert pg.locator(f'[name="lacuna__{nome}"]').count() == 0, nome
        for nome, valor in LACUNAS.items():
            campo = pg.locator(f'[name="lacuna__{nome}"]')
            if isinstance(valor, list):
                for marcado in valor:
                    pg.locator(f'[name="lacuna__{nome}"][value="{marcado}"]').check()
            elif campo.evaluate("e => e.tagName") == "SELECT":
                campo.select_option(label=valor)
            else:
                campo.fill(valor)
            pg.locator(f'[name="justificativa__{nome}"]').fill("Regulamento da lei, para o teste")
        j.passo("15142-lacunas")
        pg.get_by_role("button", name="Criar certame").click()
        pg.wait_for_selector("text=Lei aplicada")
        pk = int(re.search(r"/certames/(\d+)/", pg.url).group(1))  # type: ignore[union-attr]
        assert "Regulamento da lei" in pg.locator("#valores-informados").inner_text()
        pg.get_by_text("Cadastrar cargo", exact=True).first.click()
        pg.get_by_label("Código do cargo").fill("ADM")
        pg.get_by_label("Nome do cargo").fill("Analista")
        pg.get_by_label("Vagas do edital").fill("25")
        pg.get_by_role("button", name="Cadastrar cargo").click()
        linha = pg.locator("tr", has_text="ADM — Analista")
        linha.wait_for()
        # 25%, 3% e 2% de 25 vagas (meio para cima): 6, 1 e 1; 17 da ampla.
        assert re.search(r"25\s+6\s+1\s+1\s+17", linha.inner_text()), linha.inner_text()
        j.passo("15142-reserva", celular=True)

        arquivo = tmp_path / "federal.csv"
        arquivo.write_text(_csv(), encoding="utf-8")
        j.ir(f"/certames/{pk}/candidatos/importar/")
        pg.get_by_label("Arquivo da banca (CSV, XLSX ou ODS)").set_input_files(str(arquivo))
        pg.get_by_role("button", name="Ver prévia").click()
        pg.wait_for_selector("text=Prévia: 33 candidato(s)")
        contagem = pg.locator("#contagem-por-cargo").inner_text()
        assert "Concorrem à reserva para pessoas quilombolas" in contagem
        assert re.search(r"ADM\s+33\s+33\s+7\s+1\s+0\s+0", contagem), contagem
        j.passo("15142-previa")
        pg.get_by_role("button", name="Confirmar a importação").click()
        pg.wait_for_selector("text=Candidatos importados.")

        pg.get_by_role("link", name="4001").click()
        pg.get_by_text("Registrar a verificação documental (pessoas indígenas)").click()
        formulario = pg.locator("#form-verificacao-indigenas")
        formulario.get_by_label("Data da análise dos documentos").fill("2025-10-01")
        formulario.get_by_label("Resultado").select_option("confirmado")
        formulario.get_by_label("Documentos analisados e fundamentação").fill(
            "Declaração da comunidade indígena."
        )
        formulario.get_by_role("button", name="Registrar a verificação documental").click()
        pg.wait_for_selector("text=Verificação documental registrada.")
        assert pg.locator("#verificacao-indigenas").inner_text() == (
            "Os documentos comprovam a condição"
        )
        j.passo("15142-verificacao-documental", celular=True)

        j.ir(f"/certames/{pk}/")
        pg.get_by_label("Data", exact=True).fill("2025-10-02")
        pg.get_by_role("button", name="Homologar a classificação final").click()
        pg.get_by_role("button", name="Homologar", exact=True).click()
        pg.wait_for_selector("text=Homologado em 02/10/2025")
        pg.get_by_role("link", name="Nomeações").first.click()
        pg.get_by_label("Data da oferta").fill("2025-10-03")
        pg.get_by_role("button", name="Ofertar as vagas do edital").click()
        pg.wait_for_selector("text=Confirmar: ofertar as vagas do edital")
        pg.get_by_role("button", name="Ofertar as vagas do edital").click()
        pg.wait_for_selector("text=Vagas do edital ofertadas")
        nomeados = j.confirmar_nomeacoes(25, primeira_portaria=1, data="2025-10-04")
        assert "4001" in nomeados and {f"{3000 + i}" for i in range(1, 8)} <= set(nomeados)
        # A vaga das pessoas quilombolas, sem candidato, foi a uma pessoa parda; a tela o diz.
        atos = pg.locator("main").inner_text()
        assert "reservada a pessoas quilombolas" in atos, atos
        j.passo("15142-nomeados", celular=True)

        j.ir(f"/publico/certames/{pk}/documentos/anexo-edital/")
        anexo = " ".join(pg.locator("main").inner_text().split())
        assert "25 (vinte e cinco) vagas oferecidas" in anexo, anexo
        assert "6 (seis) reservadas a pessoas pretas e pardas" in anexo, anexo
        assert "1 (uma) reservada a pessoas indígenas" in anexo
        assert "1 (uma) reservada a pessoas quilombolas" in anexo
        j.passo("15142-anexo", celular=True)
    finally:
        capturar(pg, "lei-15142-fim")
        j.contexto.close()
    assert not j.falhas, "Violações sérias ou críticas (axe-core):" + _relatorio(j.falhas)
