"""`cotas validar` e `cotas apurar`: o certame inteiro a partir de arquivos."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.arquivos.colunas import completar
from tests.cli.conftest import EXEMPLOS, rodar

CHAVES_NOMEACAO = {
    "ordem",
    "vaga",
    "inscricao",
    "modalidade",
    "reservada_para",
    "substitui",
    "fundamento",
}


@pytest.fixture
def copia(tmp_path: Path) -> Path:
    """Cópia do exemplo de Montenegro para estragar à vontade."""
    destino = tmp_path / "montenegro"
    shutil.copytree(EXEMPLOS / "montenegro", destino)
    return destino


def test_validar_exemplos(montenegro: Path, mostardas: Path) -> None:
    for cenario in (montenegro, mostardas):
        r = rodar("validar", cenario)
        assert r.returncode == 0, r.stderr
        assert "Cenário válido" in r.stdout


def test_apurar_json_contrato(montenegro: Path) -> None:
    r = rodar("apurar", montenegro, "--json")
    assert r.returncode == 0, r.stderr
    dados = json.loads(r.stdout)  # nada além do JSON no stdout
    assert set(dados) == {"lei", "cargos"}
    assert dados["lei"] == "montenegro-rs/lei-7344-2025"
    for cargo in dados["cargos"]:
        assert set(cargo) == {"codigo", "vagas_ofertadas", "reservadas", "nomeacoes"}
        assert set(cargo["reservadas"]) == {"negros", "pcd"}
        assert [n["ordem"] for n in cargo["nomeacoes"]] == list(
            range(1, len(cargo["nomeacoes"]) + 1)
        )
        for n in cargo["nomeacoes"]:
            assert set(n) == CHAVES_NOMEACAO
            assert n["modalidade"] in {"ampla", "negros", "pcd"}
            assert n["reservada_para"] in {None, "negros", "pcd"}
            assert n["fundamento"]
        # toda vaga oferecida (edital + novas) é nomeada ao final
        ocupadas = {}
        for n in cargo["nomeacoes"]:
            ocupadas[n["vaga"]] = n["inscricao"]
        assert sorted(ocupadas) == list(range(1, cargo["vagas_ofertadas"] + 1))


def test_apurar_exemplo_montenegro_desistencia_novas_vagas_e_anulacao(montenegro: Path) -> None:
    dados = json.loads(rodar("apurar", montenegro, "--json").stdout)
    cargos = {c["codigo"]: c for c in dados["cargos"]}
    prof = cargos["PROF-MAT"]
    assert prof["vagas_ofertadas"] == 13
    assert prof["reservadas"] == {"negros": 3, "pcd": 1}
    substituicao = next(n for n in prof["nomeacoes"] if n["substitui"] == "20250057")
    assert substituicao["modalidade"] == "negros" and substituicao["vaga"] == 3
    assert "posteriormente classificado" in substituicao["fundamento"]
    enf = cargos["ENF"]
    anulada = next(n for n in enf["nomeacoes"] if n["substitui"] == "20250085")
    assert anulada["reservada_para"] == "negros"
    assert "art" in anulada["fundamento"]


def test_apurar_exemplo_mostardas(mostardas: Path) -> None:
    r = rodar("apurar", mostardas, "--json")
    assert r.returncode == 0, r.stderr
    dados = json.loads(r.stdout)
    assert dados["lei"] == "mostardas-rs/lei-3920-2019"


def test_apurar_texto_traz_as_razoes(montenegro: Path) -> None:
    r = rodar("apurar", montenegro)
    assert r.returncode == 0
    assert "Lei aplicável: Lei Ordinária nº 7.344" in r.stdout
    assert "Fundamento:" in r.stdout
    assert "A 8ª nomeação é reservada a negros" in r.stdout


def test_apurar_saida_grava_csv_xlsx_html_com_os_mesmos_numeros(
    montenegro: Path, tmp_path: Path
) -> None:
    pasta = tmp_path / "resultado"
    r = rodar("apurar", montenegro, "--saida", pasta)
    assert r.returncode == 0, r.stderr
    from cotas.documentos.pdf import pdf_disponivel

    nomes = {p.name for p in pasta.iterdir()} - {".cotas-saida"}  # (o manifesto da apuração)
    if not pdf_disponivel():  # sem as bibliotecas do WeasyPrint o comando só avisa
        nomes |= {f"{d}.pdf" for d in ("anexo-edital", "listas", "ordem-de-nomeacao")}
    assert nomes == {
        "reserva.csv",
        "classificacao.csv",
        "nomeacoes.csv",
        "ocorrencias.csv",
        "resultado.xlsx",
        "relatorio.html",
        # Documentos publicados (issue 5): anexo do edital, listas e ordem de nomeação.
        "anexo-edital.csv",
        "anexo-edital.html",
        "anexo-edital.pdf",
        "anexo-edital.xlsx",
        "listas.html",
        "listas.pdf",
        "listas.xlsx",
        "ordem-de-nomeacao.html",
        "ordem-de-nomeacao.pdf",
        "ordem-de-nomeacao.xlsx",
        "grafico-ordem-PROF-MAT.svg",
        "grafico-ordem-ENF.svg",
        "grafico-ordem-AGT-ADM.svg",
    }
    livro = load_workbook(pasta / "resultado.xlsx", read_only=True)
    for nome in ("reserva", "classificacao", "nomeacoes", "ocorrencias"):
        texto = (pasta / f"{nome}.csv").read_bytes().decode("utf-8-sig")
        linhas_csv = list(csv.reader(io.StringIO(texto), delimiter=";"))
        linhas_xlsx = list(livro[nome].iter_rows(values_only=True))
        assert len(linhas_csv) == len(linhas_xlsx)
        assert linhas_csv[0] == list(linhas_xlsx[0])
    nomeacoes = list(
        csv.DictReader(
            io.StringIO((pasta / "nomeacoes.csv").read_text(encoding="utf-8-sig")), delimiter=";"
        )
    )
    json_ = json.loads(rodar("apurar", montenegro, "--json").stdout)
    assert len(nomeacoes) == sum(len(c["nomeacoes"]) for c in json_["cargos"])
    html = (pasta / "relatorio.html").read_text(encoding="utf-8")
    assert '<html lang="pt-BR">' in html and "Ordem de nomeação" in html
    classificacao = (pasta / "classificacao.csv").read_text(encoding="utf-8-sig")
    assert "***." in classificacao  # CPF sempre mascarado
    for linha in csv.DictReader(io.StringIO(classificacao), delimiter=";"):
        assert linha["CPF"] == "" or linha["CPF"].startswith("***.")


def test_cenario_com_erros_lista_todos_e_nao_grava_nada(copia: Path, tmp_path: Path) -> None:
    cenario = copia / "cenario.toml"
    texto = cenario.read_text(encoding="utf-8")
    texto = texto.replace("vagas = 13", 'vagas = "treze"').replace(
        'tipo = "desistencia"', 'tipo = "desistiu"'
    )
    cenario.write_text(texto, encoding="utf-8")
    candidatos = copia / "candidatos.csv"
    linhas = candidatos.read_text(encoding="utf-8").splitlines()
    linhas[3] = linhas[3].replace(",parda,", ",morena,")
    linhas[5] = linhas[5].replace(",aprovado,", ",aprovadissimo,")
    candidatos.write_text("\n".join(linhas) + "\n", encoding="utf-8")
    pasta = tmp_path / "nao-deve-existir"
    comandos: tuple[list[str | Path], ...] = (
        ["validar", cenario],
        ["apurar", cenario, "--saida", pasta],
    )
    for comando in comandos:
        r = rodar(*comando)
        assert r.returncode == 2, r.stderr
        assert "cargos[2].vagas" in r.stderr
        assert "desistiu" in r.stderr
        assert "linha 4" in r.stderr and "linha 6" in r.stderr
        assert "erros de entrada" in r.stderr
    assert not pasta.exists()
    assert not list(tmp_path.glob(".nao-deve-existir*"))


def test_toml_invalido_aponta_linha_e_coluna(copia: Path) -> None:
    cenario = copia / "cenario.toml"
    cenario.write_text(cenario.read_text(encoding="utf-8").replace("vagas = 10", "vagas = = 10"))
    r = rodar("validar", cenario)
    assert r.returncode == 2
    assert "linha" in r.stderr and "coluna" in r.stderr


def test_evento_invalido_aponta_a_linha_do_evento(copia: Path) -> None:
    cenario = copia / "cenario.toml"
    # O 3º evento vira uma desistência depois da validade (a anulação vale a qualquer tempo).
    texto = (
        cenario.read_text(encoding="utf-8")
        .replace("data = 2025-11-20", "data = 2027-11-20")
        .replace('tipo = "anulacao"', 'tipo = "desistencia"')
    )
    cenario.write_text(texto, encoding="utf-8")
    r = rodar("apurar", cenario, "--json")
    assert r.returncode == 2
    assert r.stdout == ""
    assert "validade" in r.stderr and "eventos[3]" in r.stderr


def test_arquivo_inexistente(tmp_path: Path) -> None:
    r = rodar("apurar", tmp_path / "nao-existe.toml")
    assert r.returncode == 2
    assert "nao-existe.toml" in r.stderr


def test_erro_interno_sai_com_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cotas.cli import principal, saida

    def quebrar(_args: object) -> None:
        raise RuntimeError("defeito simulado")

    monkeypatch.setattr(saida, "executar", quebrar)
    assert principal.main(["leis"]) == 1
    assert "erro interno" in capsys.readouterr().err


def test_prioridade_de_colisao_no_cenario(tmp_path: Path) -> None:
    """Dois grupos querem a mesma vaga (PcD a 20% com arredondamento "meio", como negros): o
    parâmetro `prioridade_colisao` decide quem a recebe; o outro recebe a seguinte."""
    linhas = ["inscricao;nome;cargo;nota;cor_raca;reserva_negros;pcd;heteroidentificacao"]
    for i in range(1, 13):
        linhas.append(f"B{i:02d};Pessoa {i};ADM;{100 - i};branca;nao;nao;")
    for i in range(1, 3):
        linhas.append(f"N{i};Negra {i};ADM;{50 - i};preta;sim;nao;")
        linhas.append(f"P{i};Pcd {i};ADM;{40 - i};branca;nao;sim;")
    texto = completar("\n".join(linhas) + "\n")  # com as colunas obrigatórias de antes
    (tmp_path / "candidatos.csv").write_text(texto, encoding="utf-8")
    base = """
[certame]
nome = "Colisão"
municipio = "Mostardas/RS"
data_edital = 2023-03-01
tipo = "concurso_publico"
orgao = "administracao_direta"
candidatos = "candidatos.csv"
{prioridade}

[pcd]
percentual = 20
arredondamento = "meio"
teto = 100

[[cargos]]
codigo = "ADM"
nome = "Administrativo"
vagas = 10
"""
    resultados = {}
    for nome, prioridade in (("padrao", ""), ("pcd", 'prioridade_colisao = ["pcd", "negros"]')):
        cenario = tmp_path / f"{nome}.toml"
        cenario.write_text(base.format(prioridade=prioridade), encoding="utf-8")
        r = rodar("apurar", cenario, "--json")
        assert r.returncode == 0, r.stderr
        nomeacoes = json.loads(r.stdout)["cargos"][0]["nomeacoes"]
        resultados[nome] = {
            n["vaga"]: n["reservada_para"] for n in nomeacoes if n["reservada_para"]
        }
    assert resultados["padrao"] == {3: "negros", 4: "pcd", 8: "negros", 9: "pcd"}
    assert resultados["pcd"] == {3: "pcd", 4: "negros", 8: "pcd", 9: "negros"}
    errado = tmp_path / "errado.toml"
    errado.write_text(base.format(prioridade='prioridade_colisao = ["pcd", "idosos"]'))
    r = rodar("validar", errado)
    assert r.returncode == 2 and "prioridade_colisao" in r.stderr


def test_saida_que_nao_pode_ser_gravada_diz_por_que_em_portugues(tmp_path: Path) -> None:
    arquivo = tmp_path / "um-arquivo"
    arquivo.write_text("não é pasta", encoding="utf-8")
    r = rodar("apurar", EXEMPLOS / "montenegro" / "cenario.toml", "--saida", arquivo)
    assert r.returncode == 2
    assert "não foi possível gravar" in r.stderr and "Traceback" not in r.stderr
    assert arquivo.read_text(encoding="utf-8") == "não é pasta"


def test_saida_com_pasta_no_lugar_de_um_arquivo_nao_grava_nada(tmp_path: Path) -> None:
    destino = tmp_path / "saida"
    (destino / "relatorio.html").mkdir(parents=True)
    r = rodar("apurar", EXEMPLOS / "montenegro" / "cenario.toml", "--saida", destino)
    assert r.returncode == 2
    assert "é uma pasta" in r.stderr
    assert sorted(p.name for p in destino.iterdir()) == ["relatorio.html"]


def test_saida_sem_pdf(tmp_path: Path) -> None:
    r = rodar(
        "apurar", EXEMPLOS / "montenegro" / "cenario.toml", "--saida", tmp_path / "s", "--sem-pdf"
    )
    assert r.returncode == 0, r.stderr
    nomes = {p.name for p in (tmp_path / "s").iterdir()}
    assert "listas.html" in nomes and not any(n.endswith(".pdf") for n in nomes)
