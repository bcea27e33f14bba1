"""O assistente de importação: o modelo, o mapeamento dos títulos (lembrado por banca), a prévia
em páginas, a troca e a remoção de uma importação inteira; depois da homologação, a correção
registrada do candidato, que as listas públicas mostram."""

from __future__ import annotations

import csv
import io
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from cotas.arquivos import campos
from cotas_web.auditoria.models import Registro
from cotas_web.candidatos.assistente import importacao_remover, importacao_substituir
from cotas_web.candidatos.correcoes import candidato_corrigir
from cotas_web.candidatos.models import Candidato, Correcao, Importacao, MapeamentoColunas
from cotas_web.candidatos.services import importacao_previa

from .conftest import LINHAS, csv_candidatos, entrar

pytestmark = pytest.mark.django_db


def _enviar(client: Any, certame: Any, nome: str, texto: str, **extra: Any) -> Any:
    arquivo = SimpleUploadedFile(nome, texto.encode(), "text/csv")
    return client.post(
        reverse("candidatos:importar", args=[certame.pk]), {"arquivo": arquivo, **extra}
    )


# ---------------------------------------------------------------- o modelo


def _modelo_csv(client: Any, certame: Any) -> list[list[str]]:
    r = client.get(reverse("candidatos:modelo", args=[certame.pk, "csv"]))
    assert r.status_code == 200 and "modelo-candidatos.csv" in r["Content-Disposition"]
    return list(csv.reader(io.StringIO(r.content.decode("utf-8-sig")), delimiter=";"))


def test_modelo_tem_as_colunas_da_lei_do_certame(
    client: Any, certame: Any, certame_mostardas: Any, rita: Any, tmp_path: Path
) -> None:
    entrar(client, rita)
    titulos, exemplo = _modelo_csv(client, certame)  # lei com comissão
    for coluna in (
        "inscricao",
        "nome",
        "data_nascimento",
        "cargo",
        "nota",
        "situacao",
        "cor_raca",
        "reserva_negros",
        "pcd",
        "heteroidentificacao",
    ):
        assert coluna in titulos
    assert exemplo[titulos.index("cargo")] == "PROF"
    titulos_m, _ = _modelo_csv(client, certame_mostardas)  # lei sem comissão
    assert "heteroidentificacao" not in titulos_m
    # a linha de exemplo do modelo é recusada, e só ela: com um nome de verdade, o mesmo arquivo
    # é válido para o certame (os outros valores do exemplo são os que o certame pede)
    caminho = tmp_path / "modelo.csv"
    modelo = client.get(reverse("candidatos:modelo", args=[certame.pk, "csv"])).content
    caminho.write_bytes(modelo)
    previa = importacao_previa(certame=certame, caminho=caminho, nome_arquivo="modelo.csv")
    assert [(e.linha, e.coluna) for e in previa.erros] == [(2, "nome")]
    assert "a linha 2 é a linha de exemplo do modelo" in previa.erros[0].mensagem
    assert "apague-a" in previa.erros[0].mensagem
    caminho.write_bytes(modelo.replace(b"Nome Completo do Candidato", b"Maria da Silva"))
    previa = importacao_previa(certame=certame, caminho=caminho, nome_arquivo="modelo.csv")
    assert previa.valida, previa.erros


def test_modelo_xlsx_e_os_criterios_de_desempate_do_edital(
    client: Any, rita: Any, tmp_path: Path
) -> None:
    from cotas_web.certames.services import cargo_adicionar, certame_criar

    c = certame_criar(
        usuario=rita,
        nome="Com desempate",
        municipio="Mostardas/RS",
        orgao="administracao_direta",
        data_edital=date(2025, 3, 1),
        tipo="concurso_publico",
        desempate=[("especifica", "maior")],
    )
    cargo_adicionar(usuario=rita, certame=c, codigo="ENF", nome="Enfermeiro", vagas_edital=3)
    entrar(client, rita)
    r = client.get(reverse("candidatos:modelo", args=[c.pk, "xlsx"]))
    assert r.status_code == 200 and r["Content-Type"].startswith("application/vnd.openxml")
    caminho = tmp_path / "modelo.xlsx"
    caminho.write_bytes(r.content)
    from python_calamine import CalamineWorkbook

    linhas = CalamineWorkbook.from_path(str(caminho)).get_sheet_by_name("Candidatos").to_python()
    assert "especifica" in linhas[0] and linhas[1][linhas[0].index("cargo")] == "ENF"
    # a linha de exemplo é recusada; a aba de ajuda nunca é lida nem vira o aviso "2 abas"
    previa = importacao_previa(certame=c, caminho=caminho, nome_arquivo="modelo.xlsx")
    assert [(e.linha, e.coluna) for e in previa.erros] == [(2, "nome")], previa.erros
    assert "linha de exemplo do modelo" in previa.erros[0].mensagem
    assert not previa.avisos, previa.avisos
    from openpyxl import load_workbook

    pasta = load_workbook(caminho)
    pasta["Candidatos"]["B2"] = "Maria da Silva"
    assert pasta["Candidatos"]["B1"].value == "nome"
    pasta.save(caminho)
    previa = importacao_previa(certame=c, caminho=caminho, nome_arquivo="modelo.xlsx")
    assert previa.valida, previa.erros
    assert not previa.avisos and previa.aba == "Candidatos", previa.avisos


def test_modelo_xlsx_tem_o_conteudo_do_csv_e_a_linha_de_exemplo_em_texto(
    client: Any, certame: Any, rita: Any
) -> None:
    """O XLSX traz as mesmas duas linhas do CSV (como texto, no formato Texto "@": a inscrição
    e o CPF não perdem os zeros) e a aba que explica cada coluna."""
    from openpyxl import load_workbook

    entrar(client, rita)
    titulos, exemplo = _modelo_csv(client, certame)
    r = client.get(reverse("candidatos:modelo", args=[certame.pk, "xlsx"]))
    livro = load_workbook(io.BytesIO(r.content))
    assert livro.sheetnames == ["Candidatos", campos.ABA_DE_AJUDA_DO_MODELO]
    aba = livro["Candidatos"]
    vazias_como_none = [v or None for v in exemplo]
    assert [[c.value for c in linha] for linha in aba.iter_rows()] == [titulos, vazias_como_none]
    assert all(c.number_format == "@" for c in aba[2])
    assert all(c.data_type == "s" for c in aba[2] if c.value is not None)
    ajuda = [[c.value for c in linha] for linha in livro[campos.ABA_DE_AJUDA_DO_MODELO].iter_rows()]
    assert ajuda[0] == ["coluna", "obrigatória", "o que é", "títulos aceitos"]
    assert [linha[0] for linha in ajuda[1:]] == titulos
    assert {linha[1] for linha in ajuda[1:]} == {"sim", "não"}


def test_pagina_de_importar_diz_as_colunas_e_oferece_o_modelo(
    client: Any, certame: Any, rita: Any
) -> None:
    html = entrar(client, rita).get(reverse("candidatos:importar", args=[certame.pk])).content
    texto = html.decode()
    assert "As colunas que este certame pede" in texto
    assert reverse("candidatos:modelo", args=[certame.pk, "xlsx"]) in texto
    assert "heteroidentificacao" in texto and "nome_candidato" in texto


# ---------------------------------------------------------------- mapeamento


def _com_titulos_da_banca(texto: str) -> str:
    """O mesmo arquivo com os títulos de outra banca: "Nota Obtida" e "Autodeclaração"."""
    cabecalho, resto = texto.split("\n", 1)
    cabecalho = cabecalho.replace("nota", "Nota Obtida").replace("cor_raca", "Autodeclaração")
    return cabecalho + "\n" + resto


def test_titulos_diferentes_mapeados_e_lembrados_para_a_mesma_banca(
    client: Any, certame: Any, rita: Any
) -> None:
    entrar(client, rita)
    texto = _com_titulos_da_banca(csv_candidatos())
    r = _enviar(client, certame, "banca.csv", texto, banca="Fundação Exemplo")
    html = r.content.decode()
    assert "Quais títulos do arquivo são estas colunas?" in html
    assert 'name="coluna_nota"' in html and 'name="coluna_cor_raca"' in html
    assert "nada foi gravado" in html  # sem a escolha, o arquivo não se importa
    token = r.context["pendente"]["token"]
    url = reverse("candidatos:importar", args=[certame.pk])
    r = client.post(
        url,
        {
            "token": token,
            "mapear": "1",
            "coluna_nota": "Nota Obtida",
            "coluna_cor_raca": "Autodeclaração",
        },
    )
    assert r.status_code == 302
    previa = client.get(r["Location"])
    html = previa.content.decode()
    assert "Prévia: 8 candidato(s)" in html and "(escolhido por você)" in html
    assert client.post(url, {"token": token}).status_code == 302
    assert Candidato.objects.get(inscricao="1006").cor_raca == "preta"
    assert str(Candidato.objects.get(inscricao="1001").nota) == "90.0000"
    assert MapeamentoColunas.objects.get(banca="fundação exemplo").mapa == {
        "Nota Obtida": "nota",
        "Autodeclaração": "cor_raca",
    }
    # o próximo arquivo da mesma banca vai direto à prévia
    outro = _com_titulos_da_banca(
        csv_candidatos([("3001", "Zeca Pardo", "912345678", "PROF", "50.0", "parda", "sim")])
    )
    html = _enviar(client, certame, "banca2.csv", outro, banca="fundação  EXEMPLO").content
    assert "Prévia: 1 candidato(s)" in html.decode()


def test_mapeamento_sem_escolha_diz_qual_coluna(client: Any, certame: Any, rita: Any) -> None:
    entrar(client, rita)
    r = _enviar(client, certame, "banca.csv", _com_titulos_da_banca(csv_candidatos()))
    token = r.context["pendente"]["token"]
    r = client.post(
        reverse("candidatos:importar", args=[certame.pk]),
        {
            "token": token,
            "mapear": "1",
            "coluna_nota": "Nota Obtida",
            "coluna_cor_raca": "Nota Obtida",
        },
        follow=True,
    )
    html = r.content.decode()
    assert "foi escolhido para duas colunas" in html
    assert not MapeamentoColunas.objects.exists()


# ---------------------------------------------------------------- prévia em páginas


def test_previa_em_paginas_com_contagem_por_cargo_e_lista(
    client: Any, certame: Any, rita: Any
) -> None:
    linhas = [
        (
            str(5000 + i),
            f"Pessoa {i}",
            f"{100000000 + i * 7919:09d}"[:9],
            "PROF",
            f"{50 + i / 10:.1f}",
            "parda" if i % 5 == 0 else "branca",
            "sim" if i % 5 == 0 else "nao",
        )
        for i in range(250)
    ]
    entrar(client, rita)
    r = _enviar(client, certame, "grande.csv", csv_candidatos(linhas))
    html = r.content.decode()
    assert "Prévia: 250 candidato(s)" in html
    assert "Linhas 1 a 100 de 250 (página 1 de 3)" in html
    assert _linhas_da_previa(html).count("<td>Pessoa ") == 100
    contagem = r.context["contagem"]
    assert contagem == [{"cargo": "PROF", "total": 250, "aprovados": 250, "negros": 50, "pcd": 0}]
    token = r.context["pendente"]["token"]
    pagina3 = client.get(
        reverse("candidatos:importar", args=[certame.pk]), {"token": token, "pagina": "3"}
    ).content.decode()
    assert "Linhas 201 a 250 de 250 (página 3 de 3)" in pagina3
    assert _linhas_da_previa(pagina3).count("<td>Pessoa ") == 50
    # as colunas que decidem: situação e nascimento na prévia
    assert "Situação" in pagina3 and "Nascimento" in pagina3 and "01/01/1990" in pagina3


# ---------------------------------------------------------------- trocar e remover


def test_substituir_importacao_antes_da_homologacao(
    certame_com_candidatos: Any, rita: Any, tmp_path: Path
) -> None:
    antiga = Importacao.objects.get()
    novo = tmp_path / "corrigido.csv"
    novo.write_text(csv_candidatos(LINHAS[:3]), encoding="utf-8")
    nova = importacao_substituir(
        usuario=rita, importacao=antiga, caminho=novo, nome_arquivo="corrigido.csv"
    )
    assert Candidato.objects.count() == 3
    antiga.refresh_from_db()
    assert antiga.removida and antiga.substituida_por == nova
    registro = Registro.objects.get(acao="importacao_substituida")
    assert "resultado.csv (8 candidato(s))" in registro.descricao
    assert "corrigido.csv (3 candidato(s))" in registro.descricao


def test_substituir_por_arquivo_com_erro_mantem_a_antiga(
    certame_com_candidatos: Any, rita: Any, tmp_path: Path
) -> None:
    antiga = Importacao.objects.get()
    ruim = tmp_path / "ruim.csv"
    ruim.write_text(
        csv_candidatos([("1", "X", "123456789", "XYZ", "1", "branca", "nao")]), encoding="utf-8"
    )
    with pytest.raises(ValidationError):
        importacao_substituir(
            usuario=rita, importacao=antiga, caminho=ruim, nome_arquivo="ruim.csv"
        )
    assert Candidato.objects.count() == 8
    antiga.refresh_from_db()
    assert not antiga.removida


def test_substituir_pela_tela(client: Any, certame_com_candidatos: Any, rita: Any) -> None:
    antiga = Importacao.objects.get()
    entrar(client, rita)
    url = reverse("candidatos:importar", args=[certame_com_candidatos.pk])
    html = client.get(url, {"substituir": antiga.pk}).content.decode()
    assert "Substituir a importação do arquivo resultado.csv" in html
    r = _enviar(
        client,
        certame_com_candidatos,
        "novo.csv",
        csv_candidatos(LINHAS[:5]),
        substitui=str(antiga.pk),
    )
    assert "substituir a importação anterior" in r.content.decode()
    client.post(url, {"token": r.context["token"]})
    assert Candidato.objects.count() == 5


def test_remover_importacao_pergunta_e_fica_no_registro(
    client: Any, certame_com_candidatos: Any, rita: Any
) -> None:
    imp = Importacao.objects.get()
    url = reverse("candidatos:importacao_remover", args=[certame_com_candidatos.pk, imp.pk])
    html = entrar(client, rita).post(url, {"motivo": "arquivo errado"}).content.decode()
    assert "Confirmar: remover a importação" in html and "os seus 8 candidato(s)" in html
    assert Candidato.objects.count() == 8
    client.post(url, {"motivo": "arquivo errado", "confirmar": "1"})
    assert Candidato.objects.count() == 0
    assert "arquivo errado" in Registro.objects.get(acao="importacao_removida").descricao


def test_remover_com_atos_da_comissao_e_recusado(sessao: Any, rita: Any) -> None:
    with pytest.raises(ValidationError, match="Há atos registrados"):
        importacao_remover(usuario=rita, importacao=Importacao.objects.get(), motivo="m")
    assert Candidato.objects.count() == 8


def test_depois_da_homologacao_nao_se_troca_a_importacao(
    certame_homologado: Any, rita: Any
) -> None:
    with pytest.raises(ValidationError, match="correção registrada"):
        importacao_remover(usuario=rita, importacao=Importacao.objects.get(), motivo="m")


# ---------------------------------------------------------------- correção registrada


def test_correcao_so_depois_da_homologacao(certame_com_candidatos: Any, rita: Any) -> None:
    alice = Candidato.objects.get(inscricao="1001")
    with pytest.raises(ValidationError, match="substitua a importação"):
        candidato_corrigir(
            usuario=rita,
            candidato=alice,
            campo="nota",
            valor="10",
            motivo="m",
            fundamento="f",
            data=date(2025, 8, 1),
        )


def _classificacao_publica(client: Any, pk: int) -> list[list[str]]:
    url = reverse("publico:baixar_tabela", args=[pk, "listas", "classificacao"])
    return list(csv.reader(io.StringIO(client.get(url).content.decode("utf-8-sig")), delimiter=";"))


def test_correcao_de_nota_aparece_nas_listas_publicas(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    pk = certame_homologado.pk
    antes = _classificacao_publica(client, pk)
    cabecalho = antes[0]
    col_insc = next(i for i, t in enumerate(cabecalho) if "nscri" in t)
    ordem_antes = [linha[col_insc] for linha in antes[1:]]
    assert ordem_antes.index("1008") > ordem_antes.index("1001")
    fabio = Candidato.objects.get(inscricao="1008")
    correcao = candidato_corrigir(
        usuario=rita,
        candidato=fabio,
        campo="nota",
        valor="99,5",
        motivo="recurso provido: questão 12 anulada",
        fundamento="Decisão do recurso nº 4/2025",
        data=date(2025, 8, 10),
    )
    assert (correcao.anterior, correcao.novo) == ("55", "99,5")
    depois = _classificacao_publica(client, pk)
    ordem = [linha[col_insc] for linha in depois[1:]]
    assert ordem[0] == "1008"  # agora o primeiro da lista
    linha_fabio = depois[1]
    assert any("99,5" in v or "99.5" in v for v in linha_fabio), linha_fabio
    registro = Registro.objects.get(acao="candidato_corrigido")
    assert "nota 55 → 99,5" in registro.descricao
    assert registro.fundamento == "Decisão do recurso nº 4/2025"


def test_correcao_pela_pagina_do_candidato(client: Any, certame_homologado: Any, rita: Any) -> None:
    fabio = Candidato.objects.get(inscricao="1008")
    url = reverse("candidatos:corrigir", args=[certame_homologado.pk, fabio.pk])
    dados = {
        "campo": "nome",
        "valor": "Fábio Branco da Silva",
        "data": "2025-08-10",
        "motivo": "nome incompleto",
        "fundamento": "Requerimento nº 9",
    }
    html = entrar(client, rita).post(url, dados).content.decode()
    assert "Confirmar: corrigir o dado do candidato" in html
    assert "1008 — Fabio Branco: nome Fabio Branco → Fábio Branco da Silva" in html
    assert not Correcao.objects.exists()
    client.post(url, {**dados, "confirmar": "1"})
    fabio.refresh_from_db()
    assert fabio.nome == "Fábio Branco da Silva"
    pagina = client.get(reverse("candidatos:detalhe", args=[certame_homologado.pk, fabio.pk]))
    texto = pagina.content.decode()
    assert "Requerimento nº 9" in texto and "nome incompleto" in texto and "rita" in texto


def test_correcao_com_valor_invalido_diz_o_porque(certame_homologado: Any, rita: Any) -> None:
    fabio = Candidato.objects.get(inscricao="1008")
    with pytest.raises(ValidationError, match=r"Nota: .*não é um número"):
        candidato_corrigir(
            usuario=rita,
            candidato=fabio,
            campo="nota",
            valor="abc",
            motivo="m",
            fundamento="f",
            data=date(2025, 8, 10),
        )


def test_verificar_auditoria_aceita_a_correcao_registrada(
    certame_homologado: Any, rita: Any
) -> None:
    from cotas_web.auditoria.impressoes import impressoes, mudaram_sem_ato

    antes = impressoes(certame_homologado.pk)
    ultimo = Registro.objects.filter(certame=certame_homologado).order_by("-id").first()
    assert ultimo is not None
    candidato_corrigir(
        usuario=rita,
        candidato=Candidato.objects.get(inscricao="1008"),
        campo="nota",
        # (61, não 60: 60 empataria com 1007, mesma data de nascimento, e a correção que deixa
        # um empate sem critério é recusada pelo motor no próprio ato.)
        valor="61",
        motivo="m",
        fundamento="f",
        data=date(2025, 8, 10),
    )
    assert mudaram_sem_ato(antes, certame_homologado.pk, ultimo.pk) == []


def test_mapeamento_vale_na_planilha_e_no_csv_grande(certame: Any, tmp_path: Path) -> None:
    """O título escolhido vale nos três caminhos do leitor: CSV linha a linha, CSV grande (em
    lote) e planilha."""
    from openpyxl import Workbook

    from cotas.arquivos.candidatos import LIMIAR_LEITURA_EM_LOTE
    from cotas_web.candidatos.leitura import titulos_do_arquivo

    renomear = {"Nota Obtida": "nota", "Autodeclaração": "cor_raca"}
    linhas = [
        (
            str(10000 + i),
            f"Pessoa {i}",
            f"{200000000 + i * 7919:09d}"[:9],
            "PROF",
            f"{i / 200:.3f}",  # (notas diferentes: empate que nada resolve seria recusado)
            "parda",
            "sim",
        )
        for i in range(14000)
    ]
    grande = tmp_path / "grande.csv"
    grande.write_text(_com_titulos_da_banca(csv_candidatos(linhas)), encoding="utf-8")
    assert grande.stat().st_size >= LIMIAR_LEITURA_EM_LOTE
    assert "Nota Obtida" in titulos_do_arquivo(grande)
    previa = importacao_previa(
        certame=certame, caminho=grande, nome_arquivo="grande.csv", renomear=renomear
    )
    assert previa.valida and len(previa.candidatos) == 14000
    assert previa.candidatos[0].cor_raca == "parda"

    pasta = Workbook()
    aba = pasta.active
    assert aba is not None
    for linha in _com_titulos_da_banca(csv_candidatos()).splitlines():
        aba.append(linha.split(","))
    planilha = tmp_path / "banca.xlsx"
    pasta.save(planilha)
    assert titulos_do_arquivo(planilha)[5] == "Nota Obtida"
    sem = importacao_previa(certame=certame, caminho=planilha, nome_arquivo="banca.xlsx")
    assert any(e.coluna == "nota" for e in sem.erros)
    com = importacao_previa(
        certame=certame, caminho=planilha, nome_arquivo="banca.xlsx", renomear=renomear
    )
    assert com.valida and len(com.candidatos) == 8


def _linhas_da_previa(html: str) -> str:
    """Só a tabela da prévia (a das colunas lidas também tem células com nomes de coluna)."""
    return html.split('id="previa-candidatos"')[1].split("</table>")[0]
