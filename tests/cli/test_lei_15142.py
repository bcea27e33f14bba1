"""Um certame sob a Lei 15.142/2025 pela linha de comando: três grupos (pessoas pretas e pardas,
indígenas e quilombolas) declarados só como dados, a divisão dos 30% e o que a lei deixa ao
regulamento informados pelo operador com a justificativa, a verificação documental de indígenas
e quilombolas, a vaga quilombola sem candidato migrando na ordem informada."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.cli.conftest import rodar

# O que a lei deixa ao regulamento (art. 3º; art. 7º, § 3º) e nenhum edital lido transcreve,
# informado como o edital o fixou. A divisão dos 30%, a classificação de quem é de vários grupos
# e a verificação documental de indígenas vêm do regulamento, para editais a partir de
# 27/06/2025 (docs/fontes/federal/editais-dou-decreto-12536.txt).
INFORMADOS = """
[parametros_lei]
"pretos_pardos.reversao" = { valor = ["indigenas", "quilombolas", "ampla"], justificativa = "E5.3" }
"indigenas.reversao" = { valor = ["quilombolas", "pretos_pardos", "ampla"], justificativa = "E5.3" }
"quilombolas.reversao" = { valor = ["indigenas", "pretos_pardos", "ampla"], justificativa = "E5.3" }
"quilombolas.verificacao" = { valor = "documental", justificativa = "Edital, item 6.1" }
"heteroidentificacao.membros" = { valor = 5, justificativa = "Edital, item 7.1" }
"heteroidentificacao.momento" = { valor = "aprovados_antes_da_homologacao", justificativa = "E7.2" }
"heteroidentificacao.posse_apos_parecer" = { valor = true, justificativa = "Edital, item 7.3" }
"heteroidentificacao.recursos" = { valor = true, justificativa = "Edital, item 7.4" }
"heteroidentificacao.registro_audiovisual" = { valor = true, justificativa = "Edital, item 7.5" }
"heteroidentificacao.recusa_filmagem" = { valor = "ampla", justificativa = "Edital, item 7.5" }
"heteroidentificacao.decisao" = { valor = "maioria", justificativa = "Edital, item 7.6" }
"heteroidentificacao.decisao_base" = { valor = "membros", justificativa = "Edital, item 7.6" }
"heteroidentificacao.recorrentes" = { valor = ["candidato"], justificativa = "Edital, item 7.4" }
"""

CENARIO = """
[certame]
nome = "Concurso 01/2026 — Ministério de Teste"
municipio = "União"
data_edital = 2026-02-02
tipo = "concurso_publico"
orgao = "autarquia"
validade_ate = 2028-02-02
candidatos = "candidatos.csv"

[[cargos]]
codigo = "ANALISTA"
nome = "Analista"
vagas = 40
"""

CABECALHO = (
    "inscricao,nome,data_nascimento,cargo,nota,situacao,cor_raca,reserva_pretos_pardos,"
    "confirmacao_pretos_pardos,reserva_indigenas,confirmacao_indigenas,reserva_quilombolas,"
    "confirmacao_quilombolas,pcd"
)


def _linha(i: int, nota: int, cor: str, grupo: str = "", resultado: str = "confirmado") -> str:
    colunas = {"pretos_pardos": ["não", ""], "indigenas": ["não", ""], "quilombolas": ["não", ""]}
    if grupo:
        colunas[grupo] = ["sim", resultado]
    partes = [c for g in ("pretos_pardos", "indigenas", "quilombolas") for c in colunas[g]]
    fixas = [f"{i:04d}", f"Pessoa {i}", "1990-01-01", "ANALISTA", str(nota), "aprovado", cor]
    return ",".join([*fixas, *partes, "não"])


def _candidatos() -> str:
    linhas = [CABECALHO]
    linhas += [_linha(i, 900 - i, "branca") for i in range(1, 41)]  # a ampla, à frente
    linhas += [_linha(100 + i, 500 - i, "parda", "pretos_pardos") for i in range(1, 13)]
    # Dois indígenas: um com a condição confirmada pelos documentos, outro não.
    linhas.append(_linha(201, 400, "indigena", "indigenas"))
    linhas.append(_linha(202, 399, "indigena", "indigenas", "nao_confirmado"))
    linhas.append(_linha(203, 398, "indigena", "indigenas"))
    return "\n".join(linhas) + "\n"


# Um edital da véspera do decreto (26/06/2025): a divisão é do operador.
VESPERA = "data_edital = 2025-06-26"
DIVISAO = """"pretos_pardos.percentual" = { valor = "25", justificativa = "E1/2025, 5.1" }
"indigenas.percentual" = { valor = "3", justificativa = "E1/2025, 5.1" }
"quilombolas.percentual" = { valor = "2", justificativa = "E1/2025, 5.1" }
"grupos.candidato_em_varios" = { valor = "maior_percentual", justificativa = "Edital, item 5.2" }
"indigenas.verificacao" = { valor = "documental", justificativa = "Edital, item 6.1" }
"""


def _da_vespera(texto: str) -> str:
    return texto.replace("data_edital = 2026-02-02", VESPERA).replace(
        "[parametros_lei]\n", "[parametros_lei]\n" + DIVISAO
    )


def _apurar(pasta: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return rodar("apurar", pasta / "cenario.toml", *args)


@pytest.fixture
def pasta(tmp_path: Path) -> Path:
    (tmp_path / "cenario.toml").write_text(CENARIO + INFORMADOS, encoding="utf-8")
    (tmp_path / "candidatos.csv").write_text(_candidatos(), encoding="utf-8")
    return tmp_path


def test_tres_grupos_com_a_divisao_informada_e_a_migracao_quilombola(pasta: Path) -> None:
    r = _apurar(pasta, "--json")
    assert r.returncode == 0, r.stderr
    (cargo,) = json.loads(r.stdout)["cargos"]
    # 40 vagas: 25% = 10; 3% = 1,2 → 1; 2% = 0,8 → 1 (art. 5º, § 2º).
    assert cargo["reservadas"] == {"pretos_pardos": 10, "indigenas": 1, "quilombolas": 1}
    por_vaga = {n["vaga"]: n for n in cargo["nomeacoes"]}
    quilombola = [n for n in cargo["nomeacoes"] if n["reservada_para"] == "quilombolas"]
    # Nenhum quilombola: a vaga vai ao próximo indígena confirmado (0203), não a quem a análise
    # documental não confirmou (0202).
    assert [(n["inscricao"], n["modalidade"]) for n in quilombola] == [("0203", "indigenas")]
    indigena = [n for n in cargo["nomeacoes"] if n["reservada_para"] == "indigenas"]
    assert [n["inscricao"] for n in indigena] == ["0201"]
    # A ordem entre os grupos é a informada (item E5.3 do edital), citada no fundamento.
    assert "Valor informado pelo operador, E5.3" in quilombola[0]["fundamento"]
    assert "Lei 15.142/2025, E5.3" not in quilombola[0]["fundamento"]
    assert len(por_vaga) == 40


def test_a_divisao_do_decreto_cita_a_transcricao_do_edital_no_dou(pasta: Path) -> None:
    r = _apurar(pasta, "--json")
    assert r.returncode == 0, r.stderr
    (cargo,) = json.loads(r.stdout)["cargos"]
    reservada = next(n for n in cargo["nomeacoes"] if n["reservada_para"] == "pretos_pardos")
    assert "DOU de 08/08/2025 (Seção 3, nº 149, p. 76), item 4.1" in reservada["fundamento"]


def test_informar_o_que_o_decreto_fixa_e_recusado_com_a_fonte(pasta: Path) -> None:
    texto = (CENARIO + INFORMADOS).replace("[parametros_lei]\n", "[parametros_lei]\n" + DIVISAO)
    (pasta / "cenario.toml").write_text(texto, encoding="utf-8")
    r = _apurar(pasta, "--json")
    assert r.returncode == 2
    assert "não é uma lacuna" in r.stderr and "fixado por Decreto 12.536/2025" in r.stderr


def test_sem_a_divisao_informada_o_erro_diz_o_que_falta(pasta: Path) -> None:
    (pasta / "cenario.toml").write_text(CENARIO.replace("data_edital = 2026-02-02", VESPERA))
    r = _apurar(pasta, "--json")
    assert r.returncode == 2
    for falta in ("pretos_pardos.percentual", "indigenas.percentual", "quilombolas.percentual"):
        assert falta in r.stderr


def test_divisao_que_nao_soma_30_e_recusada_com_o_artigo(pasta: Path) -> None:
    texto = _da_vespera(CENARIO + INFORMADOS).replace(
        'valor = "2", justificativa', 'valor = "1", justificativa'
    )
    (pasta / "cenario.toml").write_text(texto, encoding="utf-8")
    r = _apurar(pasta, "--json")
    assert r.returncode == 2
    assert "somam 29%" in r.stderr and "art. 1º, caput e § 1º" in r.stderr


def test_orgao_fora_da_lei_e_orgao_nao_dito(pasta: Path) -> None:
    # Contratação temporária só na administração direta, autarquias e fundações (art. 1º, II).
    texto = (CENARIO + INFORMADOS).replace(
        'tipo = "concurso_publico"', 'tipo = "contratacao_temporaria"'
    )
    texto = texto.replace('orgao = "autarquia"', 'orgao = "empresa_publica"')
    (pasta / "cenario.toml").write_text(texto, encoding="utf-8")
    r = _apurar(pasta, "--json")
    assert r.returncode == 2
    assert "não abrange contratação temporária/emergencial de empresa pública" in r.stderr
    assert "art. 1º, II" in r.stderr
    texto = (CENARIO + INFORMADOS).replace('orgao = "autarquia"\n', "")
    (pasta / "cenario.toml").write_text(texto, encoding="utf-8")
    r = _apurar(pasta, "--json")
    assert r.returncode == 2 and "diga em [certame] o órgão que faz a seleção" in r.stderr


def test_documentos_com_cada_grupo(pasta: Path) -> None:
    saida = pasta / "saida"
    r = _apurar(pasta, "--saida", str(saida), "--sem-pdf")
    assert r.returncode == 0, r.stderr
    textos = " ".join(
        p.read_text(encoding="utf-8", errors="ignore")
        for p in saida.rglob("*")
        if p.suffix in {".html", ".csv", ".md", ".txt"}
    )
    for rotulo in ("pessoas pretas e pardas", "pessoas indígenas", "pessoas quilombolas"):
        assert rotulo in textos.lower()


def test_cotas_leis_mostra_os_tres_grupos_e_o_que_fica_ao_regulamento() -> None:
    r = rodar("leis")
    assert r.returncode == 0
    bloco = r.stdout.split("federal/lei-15142-2025 —", 1)[1].split("\n\n", 1)[0]
    assert "Grupo indigenas: Pessoas indígenas (colunas reserva_indigenas" in bloco
    assert "indigenas.percentual: desconhecido para os editais até 26/06/2025" in bloco
    assert "indigenas.percentual = 3 (Decreto 12.536/2025, na transcrição do edital" in bloco
    dados = json.loads(rodar("leis", "--json").stdout)
    lei = next(x for x in dados["leis"] if x["id"] == "federal/lei-15142-2025")
    assert [g["nome"] for g in lei["grupos"]] == ["pretos_pardos", "indigenas", "quilombolas"]


def test_timbre_de_um_certame_federal_nao_e_de_prefeitura(pasta: Path) -> None:
    saida = pasta / "saida"
    assert _apurar(pasta, "--saida", str(saida), "--sem-pdf").returncode == 0
    anexo = (saida / "anexo-edital.html").read_text(encoding="utf-8")
    assert "PREFEITURA" not in anexo and "REPÚBLICA FEDERATIVA DO BRASIL" in anexo


@pytest.mark.parametrize("comando", ["reserva", "ordem"])
def test_reserva_e_ordem_sem_os_valores_da_comissao_nao_quebram(comando: str) -> None:
    """A conta não lê a comissão: com os valores dela em aberto, a reserva e a ordem saem (antes:
    rastreamento `ValueError` ao montar a regra da comissão), e a saída diz que não os conferiu.
    A divisão dos 30% vem do regulamento: nenhum `--parametro`."""
    r = rodar(
        comando,
        "--lei",
        "federal/lei-15142-2025",
        "--data-edital",
        "2026-02-02",
        "--vagas",
        "10",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    saida = json.loads(r.stdout)
    assert "heteroidentificacao.membros" in json.dumps(saida, ensure_ascii=False)
